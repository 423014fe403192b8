import "server-only";
import type { Socials } from "@/lib/accounts/user-dto";
import { publicUserSelect, type PublicProfileUser } from "@/lib/profile/public-profile";
import type { Tx } from "@/lib/server/db";
import { queueWebhookEvent } from "./webhook-outbox";

// page.updated (api.md, "Fifth release, put right"): written in the
// transaction of the change it reports, so it exists if and only if the change
// committed. Its data is what anyone may see of the page, as its public
// profile shows it (GET /api/profiles/{username}'s `user`, read through the
// same public projection), with the page's id: never a database row.

export type PageUpdatedData = PublicProfileUser & { id: string };

/** Queues page.updated for page `pageId` as it stands inside `tx` (after the change). */
export async function queuePageUpdated(tx: Tx, pageId: string, now = new Date()): Promise<void> {
  const row = await tx.page.findUnique({ where: { id: pageId }, select: { id: true, ...publicUserSelect } });
  if (!row) return;
  const { socials, sensitive, ...fields } = row;
  const data: PageUpdatedData = {
    ...fields,
    socials: (socials ?? {}) as Socials,
    sensitive: sensitive === "adult" || sensitive === "sensitive" ? sensitive : "none",
  };
  await queueWebhookEvent(tx, pageId, "page.updated", data, now);
}
