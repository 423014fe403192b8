import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/email/forgot-password-form";
import { formFlash } from "@/lib/server/form-flash";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.email.forgotTitle };

export default async function ForgotPasswordPage({ searchParams }: { searchParams: Promise<{ enviado?: string | string[]; erro?: string | string[] }> }) {
  const { enviado, erro } = await searchParams;
  // The form sent with JavaScript off comes back here, sent or refused.
  const flash = await formFlash(erro);
  return (
    <AuthCard title={strings.email.forgotTitle} description={strings.email.forgotSubtitle}>
      <ForgotPasswordForm sent={enviado === "1"} flash={flash} />
    </AuthCard>
  );
}
