import "server-only";
import { queueEmail } from "@/lib/email/outbox";
import { appLink } from "@/lib/email/mail-config";
import { utc } from "@/lib/jobs/job";
import type { Db, Tx } from "@/lib/server/db";
import { audienceStrings } from "@/lib/strings/audience";
import { CONFIRMATION_CAPS } from "./subscribe-limits";
import { rolesWith } from "@/lib/permissions/page-permissions";

const s = audienceStrings;

// The stop (api.md, fourth release put right): a page whose last 200
// confirmation e-mails (since its last lift) brought fewer than 5
// confirmations sends no more until an administrator lifts it
// (lib/audience/signup-stop-admin.ts); its owners and the administrators are
// told by e-mail, queued in the same transaction as the stop.

interface Tally {
  sent: number;
  confirmed: number;
}

/** The page's last CONFIRMATION_CAPS.stopAfter e-mails since its last lift, and how many were confirmed. */
async function tally(client: Db | Tx, pageId: string): Promise<Tally> {
  const [row] = await client.$queryRaw<{ sent: number; confirmed: number }[]>`
    SELECT count(*)::int AS "sent", count(r."confirmedAt")::int AS "confirmed" FROM (
      SELECT m."confirmedAt" FROM "ConfirmationMail" m
      WHERE m."pageId" = ${pageId}
        AND m."sentAt" >= COALESCE((SELECT g."liftedAt" FROM "SignUpMailGate" g WHERE g."pageId" = ${pageId}), '-infinity'::timestamp)
      ORDER BY m."sentAt" DESC LIMIT ${CONFIRMATION_CAPS.stopAfter}
    ) r`;
  return row ?? { sent: 0, confirmed: 0 };
}

export const unanswered = (t: Tally) => t.sent >= CONFIRMATION_CAPS.stopAfter && t.confirmed < CONFIRMATION_CAPS.stopBelow;

/** After an e-mail was queued: stops the page when its last e-mails went unanswered (once), and tells. */
/** `client` is the database, or (inTransaction) a transaction's client: the stop and its notices are then part of it. */
export async function stopIfUnanswered(client: Db | Tx, pageId: string, now: Date, inTransaction: boolean): Promise<boolean> {
  // The usual case costs one read and no transaction.
  if (!unanswered(await tally(client, pageId))) return false;
  const stop = async (tx: Tx) => {
    // Conditional on the row's current state: of concurrent senders, one stops it and tells.
    const stopped = await tx.$executeRaw`
      UPDATE "SignUpMailGate" SET "stoppedAt" = ${utc(now)} WHERE "pageId" = ${pageId} AND "stoppedAt" IS NULL`;
    if (stopped === 1) await tellOfStop(tx, pageId, await tally(tx, pageId));
    return stopped === 1;
  };
  return inTransaction ? stop(client as Tx) : (client as Db).$transaction(stop);
}

async function tellOfStop(tx: Tx, pageId: string, t: Tally): Promise<void> {
  const page = await tx.page.findUnique({
    where: { id: pageId },
    select: {
      name: true,
      username: true,
      members: { where: { role: { in: rolesWith("subscribers.export") } }, select: { user: { select: { id: true, name: true, email: true } } } },
    },
  });
  if (!page) return;
  const told = new Set<string>();
  for (const { user } of page.members) {
    told.add(user.email);
    await queueEmail(tx, {
      userId: user.id,
      to: user.email,
      subject: s.stoppedOwnerSubject(page.name),
      text: s.stoppedOwnerText(user.name, page.name, t.sent, t.confirmed, appLink(`/dashboard/subscribers?page=${encodeURIComponent(page.username)}`)),
    });
  }
  const admins = await tx.user.findMany({ where: { isAdmin: true }, select: { id: true, email: true }, orderBy: { createdAt: "asc" } });
  for (const admin of admins) {
    if (told.has(admin.email)) continue;
    await queueEmail(tx, {
      userId: admin.id,
      to: admin.email,
      subject: s.stoppedAdminSubject(page.username),
      text: s.stoppedAdminText(page.name, page.username, t.sent, t.confirmed, appLink("/admin")),
    });
  }
}
