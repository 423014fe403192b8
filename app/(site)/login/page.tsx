import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { safeCallbackPath } from "@/lib/auth/routes";
import { getCurrentSession } from "@/lib/server/current-user";
import { env } from "@/lib/server/env";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.auth.loginTitle };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const { callbackUrl } = await searchParams;
  const target = safeCallbackPath(typeof callbackUrl === "string" ? callbackUrl : null);
  if (await getCurrentSession()) redirect(target);
  return (
    <AuthCard title={strings.auth.loginTitle} description={strings.auth.loginSubtitle}>
      <LoginForm callbackUrl={target} googleClientId={env().GOOGLE_CLIENT_ID} />
    </AuthCard>
  );
}
