import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/email/reset-password-form";
import { formFlash } from "@/lib/server/form-flash";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.email.resetTitle, referrer: "no-referrer" };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[]; concluido?: string | string[]; erro?: string | string[] }>;
}) {
  const { token, concluido, erro } = await searchParams;
  // The form sent with JavaScript off comes back here, done or refused.
  const flash = await formFlash(erro);
  return (
    <AuthCard title={strings.email.resetTitle} description={strings.email.resetSubtitle}>
      <ResetPasswordForm token={typeof token === "string" ? token : ""} done={concluido === "1"} flash={flash} />
    </AuthCard>
  );
}
