import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { AcceptInvitation } from "@/components/pages/accept-invitation";
import { getCurrentSession } from "@/lib/server/current-user";
import { formFlash } from "@/lib/server/form-flash";
import { pagesStrings } from "@/lib/strings/pages";

export const metadata: Metadata = { title: pagesStrings.acceptTitle, referrer: "no-referrer" };

/**
 * The invitation's link opens here with its token after `#` (never sent to a
 * server in an address); 'Aceitar convite' sends it in a POST body. Without
 * JavaScript the form is posted as is (the code pasted from the e-mail) and
 * a refusal comes back here with `?erro=1` and its message.
 */
export default async function InvitePage({ searchParams }: { searchParams: Promise<{ erro?: string | string[] }> }) {
  const { erro } = await searchParams;
  const [session, flash] = await Promise.all([getCurrentSession(), formFlash(erro)]);
  const who = session ? { email: session.user.email, verified: session.user.emailVerified } : null;
  return (
    <AuthCard title={pagesStrings.acceptTitle} description={pagesStrings.acceptDescription}>
      <AcceptInvitation who={who} refusal={flash ? (flash.errors?.token ?? flash.message) : null} />
    </AuthCard>
  );
}
