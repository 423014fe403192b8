import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { VerifyEmailPanel } from "@/components/email/verify-email-panel";
import { getCurrentSession } from "@/lib/server/current-user";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.email.verifyTitle, referrer: "no-referrer" };

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const signedIn = Boolean(await getCurrentSession());
  return (
    <AuthCard title={strings.email.verifyTitle} description={strings.email.verifyPageText}>
      <VerifyEmailPanel token={typeof token === "string" ? token : ""} signedIn={signedIn} />
    </AuthCard>
  );
}
