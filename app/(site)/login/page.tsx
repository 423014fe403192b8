import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginScreens } from "@/components/auth/login-screens";
import { safeCallbackPath } from "@/lib/auth/routes";
import { getCurrentSession } from "@/lib/server/current-user";
import { env } from "@/lib/server/env";
import { formFlash } from "@/lib/server/form-flash";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.login.loginTitle };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string | string[]; etapa?: string | string[]; recuperacao?: string | string[]; erro?: string | string[] }>;
}) {
  const { callbackUrl, etapa, recuperacao, erro } = await searchParams;
  const target = safeCallbackPath(typeof callbackUrl === "string" ? callbackUrl : null);
  if (await getCurrentSession()) redirect(target);
  // A refusal of the form sent with JavaScript off comes back here with its messages.
  const flash = await formFlash(erro);
  return (
    <LoginScreens
      callbackUrl={target}
      googleClientId={env().GOOGLE_CLIENT_ID}
      codeFirst={etapa === "codigo"}
      recoveryFirst={recuperacao === "1"}
      flash={flash}
      codeStep={{ title: strings.security.secondStepTitle, description: strings.security.secondStepSubtitle }}
    />
  );
}
