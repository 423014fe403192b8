import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { AcceptInvitation } from "@/components/pages/accept-invitation";
import { getCurrentSession } from "@/lib/server/current-user";
import { pagesStrings } from "@/lib/strings/pages";

export const metadata: Metadata = { title: pagesStrings.acceptTitle, referrer: "no-referrer" };

/**
 * The invitation's link opens here with its token after `#` (never sent to a
 * server in an address); 'Aceitar convite' sends it in a POST body.
 */
export default async function InvitePage() {
  const session = await getCurrentSession();
  const who = session ? { email: session.user.email, verified: session.user.emailVerified } : null;
  return (
    <AuthCard title={pagesStrings.acceptTitle} description={pagesStrings.acceptDescription}>
      <AcceptInvitation who={who} />
    </AuthCard>
  );
}
