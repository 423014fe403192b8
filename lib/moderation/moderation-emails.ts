import "server-only";
import { queueEmail, type OutboxClient } from "@/lib/email/outbox";
import { publicOrigin } from "@/lib/server/public-url";
import { moderationStrings } from "@/lib/strings/moderation";

const strings = { moderation: moderationStrings };

// Each owner of a page hears of its deactivation (with its reason) and of its
// reactivation.
// Links are built on the app's public address, never on a request's Host header.

const appUrl = () => publicOrigin();

/** An owner's account (id, name, e-mail) and the page's username. */
interface Owner {
  id: string;
  name: string;
  username: string;
  email: string;
}

export async function queueDeactivationNotice(client: OutboxClient, owner: Owner, reason: string | null): Promise<void> {
  const t = strings.moderation.email;
  await queueEmail(client, {
    userId: owner.id,
    to: owner.email,
    subject: t.deactivatedSubject,
    text: t.deactivatedText(owner.name, owner.username, reason, `${appUrl()}/dashboard`),
  });
}

export async function queueReactivationNotice(client: OutboxClient, owner: Owner): Promise<void> {
  const t = strings.moderation.email;
  await queueEmail(client, {
    userId: owner.id,
    to: owner.email,
    subject: t.reactivatedSubject,
    text: t.reactivatedText(owner.name, owner.username, `${appUrl()}/${owner.username}`),
  });
}
