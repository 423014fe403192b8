import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { RegisterForm } from "@/components/auth/register-form";
import { isValidUsername } from "@/lib/accounts/username";
import { getCurrentSession } from "@/lib/server/current-user";
import { env } from "@/lib/server/env";
import { formFlash } from "@/lib/server/form-flash";
import { publicHost } from "@/lib/server/public-url";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.register.registerTitle };

export default async function RegisterPage({ searchParams }: { searchParams: Promise<{ username?: string | string[]; erro?: string | string[] }> }) {
  if (await getCurrentSession()) redirect("/dashboard");
  const { username, erro } = await searchParams;
  // The form sent with JavaScript off comes back here when refused.
  const flash = await formFlash(erro);
  // Prefilled only when the name passes the username rule.
  const initialUsername = typeof username === "string" && isValidUsername(username) ? username : "";
  return (
    <AuthCard title={strings.register.registerTitle} description={strings.register.registerSubtitle}>
      <RegisterForm hostPrefix={`${publicHost()}/`} initialUsername={initialUsername} googleClientId={env().GOOGLE_CLIENT_ID} flash={flash} />
    </AuthCard>
  );
}
