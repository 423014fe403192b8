import "server-only";
import { rolesWith } from "@/lib/permissions/page-permissions";
import { randomBytes } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { appLink, mailFrom } from "@/lib/email/mail-config";
import { emailNotice, outboxRow, queuedRow } from "@/lib/email/outbox";
import { utc } from "@/lib/jobs/job";
import type { Tx } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { log } from "@/lib/server/log";
import { hashToken } from "@/lib/server/token-hash";
import { publicOrigin } from "@/lib/server/public-url";
import { broadcastStrings as s } from "@/lib/strings/broadcasts";
import { queueWebhookEvent } from "@/lib/webhooks/webhook-outbox";
import { renderBroadcast } from "./render";

// Sending a broadcast (docs/broadcasts.md). A broadcast's messages are
// e-mails of the outbox's one e-mail kind (lib/email/email-kind.ts): the
// same transport, claim, retries, sealing and background sender as every
// other message, so there is one send path. What is a broadcast's own is
// the gate before it:
//  1. start: the recipient list is fixed (one BroadcastRecipient per
//     confirmed subscriber with an e-mail, unique per subscriber);
//  2. hand: at BROADCAST_PER_MINUTE, recipients still on the list become
//     OutboxMessage rows, each with its own unsubscribe link, in one
//     transaction under the job's advisory lock that moves them from
//     `queued` to `handed` (so no recipient ever gets two rows); whoever
//     left the list meanwhile is `skipped`;
//  3. finish: once every row is sent or given up, the figures are written,
//     the broadcast is `sent` and `broadcast.sent` is queued.
// Rows are in the database at every step, so a restart resumes where it was.

/** The one-click unsubscribe (POST, RFC 8058) and the page a person opens (GET). */
const oneClickUrl = (token: string) => appLink(`/api/subscribe/unsubscribe?token=${encodeURIComponent(token)}`);
/** A message's unsubscribe token: random, 256 bits, only its SHA-256 kept (an UnsubscribeLink row), as lib/audience/subscriber-tokens.ts makes them. */
const newUnsubscribeToken = () => randomBytes(32).toString("base64url");
const leavePageUrl = (token: string) => appLink(`/inscricao/cancelar?token=${encodeURIComponent(token)}`);

/** The id a body link gets: `bl_` never starts a link's cuid, so /{username}/{id} tells them apart. */
export const BROADCAST_LINK_PREFIX = "bl_";
const newLinkId = () => `${BROADCAST_LINK_PREFIX}${randomBytes(12).toString("base64url")}`;

/** The page's short-link address of a broadcast link: /{username}/{id}, counted by app/[username]/[linkId]. */
export const broadcastLinkUrl = (username: string, id: string) => `${publicOrigin()}/${username}/${id}`;

/** The sender a broadcast's messages carry: "{page} via Vitrine" at the operator's address. */
export function broadcastFrom(pageName: string): string {
  const from = mailFrom();
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  const name = s.from(pageName).replace(/["\\\r\n]/g, "");
  return `"${name}" <${address}>`;
}

/**
 * Starts a broadcast now, inside the caller's transaction: its list fixed
 * (confirmed subscribers with an e-mail; WhatsApp-only, pending and
 * unsubscribed left out) and its body's links recorded.
 */
export async function startSending(tx: Tx, broadcastId: string, now: Date): Promise<number> {
  const b = await tx.broadcast.findUniqueOrThrow({ where: { id: broadcastId }, select: { pageId: true, body: true } });
  const recipients = await tx.$executeRaw`
    INSERT INTO "BroadcastRecipient" ("id", "broadcastId", "subscriberId", "email", "state")
    SELECT 'br' || replace(gen_random_uuid()::text, '-', ''), ${broadcastId}, s."id", s."email", 'queued'
    FROM "Subscriber" s
    WHERE s."pageId" = ${b.pageId} AND s."status" = 'confirmed' AND s."email" IS NOT NULL
    ON CONFLICT ("broadcastId", "subscriberId") DO NOTHING`;
  // Every distinct http(s) address of the body gets its counted link.
  const urls = new Set<string>();
  renderBroadcast({ pageName: "", subject: "", body: b.body, unsubscribeUrl: "", linkFor: (url) => (urls.add(url), url) });
  if (urls.size) await tx.broadcastLink.createMany({ data: [...urls].map((url) => ({ id: newLinkId(), broadcastId, url })) });
  await tx.broadcast.update({ where: { id: broadcastId }, data: { status: "sending", startedAt: now, handedAt: null, recipients } });
  log.info("broadcast.started", { id: broadcastId, recipients });
  return recipients;
}

/** The page's owner whose verified e-mail answers replies: the earliest owner with one. */
async function replyAddress(tx: Tx, pageId: string): Promise<string | null> {
  const owner = await tx.pageMember.findFirst({
    where: { pageId, role: { in: rolesWith("broadcasts.send") }, user: { emailVerified: { not: null } } },
    orderBy: { createdAt: "asc" },
    select: { user: { select: { email: true } } },
  });
  return owner?.user.email ?? null;
}

/** How many messages a sending broadcast may hand to the outbox now: the rate times the time since its last handing, at most a minute's worth. */
export function handAllowance(perMinute: number, last: Date | null, now: Date): number {
  if (!last) return perMinute;
  return Math.min(perMinute, Math.floor((perMinute * Math.max(0, now.getTime() - last.getTime())) / 60_000));
}

/** Rows one handing writes at most (one transaction). */
const HAND_BATCH = 500;

/**
 * Hands the next recipients of one sending broadcast to the outbox (within
 * its allowance), in the job's transaction. Returns the e-mail rows written
 * (sent after the transaction commits by `queuedRows`) and whether more is
 * due now.
 */
export async function handNext(tx: Tx, now: Date): Promise<{ ids: string[]; more: boolean }> {
  const perMinute = env().BROADCAST_PER_MINUTE;
  // The sending broadcasts of pages whose broadcasts are not paused, longest waiting first.
  const due = await tx.$queryRaw<{ id: string; pageId: string; subject: string; body: string; handedAt: Date | null; name: string; username: string }[]>`
    SELECT b."id", b."pageId", b."subject", b."body", b."handedAt", p."name", p."username"
    FROM "Broadcast" b JOIN "Page" p ON p."id" = b."pageId"
    WHERE b."status" = 'sending'
      AND NOT EXISTS (SELECT 1 FROM "BroadcastPause" z WHERE z."pageId" = b."pageId" AND z."liftedAt" IS NULL)
      AND EXISTS (SELECT 1 FROM "BroadcastRecipient" r WHERE r."broadcastId" = b."id" AND r."state" = 'queued')
    ORDER BY b."handedAt" ASC NULLS FIRST, b."id" ASC`;
  const b = due.find((x) => handAllowance(perMinute, x.handedAt, now) > 0);
  if (!b) return { ids: [], more: false };
  const take = Math.min(HAND_BATCH, handAllowance(perMinute, b.handedAt, now));
  const next = await tx.$queryRaw<{ id: string; subscriberId: string | null; email: string; current: string | null }[]>`
    SELECT r."id", r."subscriberId", r."email",
      (SELECT s."email" FROM "Subscriber" s WHERE s."id" = r."subscriberId" AND s."status" = 'confirmed') AS "current"
    FROM "BroadcastRecipient" r
    WHERE r."broadcastId" = ${b.id} AND r."state" = 'queued'
    ORDER BY r."id" ASC LIMIT ${take}
    FOR UPDATE OF r SKIP LOCKED`;
  // Whoever left the list (or changed address) since it started gets nothing.
  const staying = next.filter((r) => r.subscriberId && r.current === r.email);
  const leaving = next.filter((r) => !staying.includes(r));
  if (leaving.length) await tx.broadcastRecipient.updateMany({ where: { id: { in: leaving.map((r) => r.id) }, state: "queued" }, data: { state: "skipped" } });
  const ids: string[] = [];
  if (staying.length) {
    const links = await tx.broadcastLink.findMany({ where: { broadcastId: b.id }, select: { id: true, url: true } });
    const linkIds = new Map(links.map((l) => [l.url, l.id]));
    const replyTo = await replyAddress(tx, b.pageId);
    // The body is rendered once; each message gets its own token in place of the marker.
    const marker = "VITRINE_UNSUBSCRIBE_TOKEN";
    const parts = renderBroadcast({
      pageName: b.name,
      subject: b.subject,
      body: b.body,
      unsubscribeUrl: leavePageUrl(marker),
      linkFor: (url) => (linkIds.has(url) ? broadcastLinkUrl(b.username, linkIds.get(url)!) : url),
    });
    const from = broadcastFrom(b.name);
    const unsubscribeRows: { tokenHash: string; subscriberId: string }[] = [];
    const outboxRows: ReturnType<typeof outboxRow>[] = [];
    const handed: { id: string; outboxId: string }[] = [];
    for (const r of staying) {
      const token = newUnsubscribeToken();
      unsubscribeRows.push({ tokenHash: hashToken(token), subscriberId: r.subscriberId! });
      const row = outboxRow({
        to: r.email,
        subject: b.subject,
        text: parts.text.replaceAll(marker, token),
        html: parts.html.replaceAll(marker, token),
        headers: {
          From: from,
          ...(replyTo ? { "Reply-To": replyTo } : {}),
          "List-Unsubscribe": `<${oneClickUrl(token)}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
      outboxRows.push(row);
      handed.push({ id: r.id, outboxId: row.id });
    }
    await tx.unsubscribeLink.createMany({ data: unsubscribeRows });
    const values = outboxRows.map((o) => Prisma.sql`(${o.id}, ${o.to}, ${o.subject}, ${o.text}, ${o.html}, ${o.headers}, ${utc(now)}, ${utc(now)})`);
    await tx.$queryRaw`
      INSERT INTO "OutboxMessage" ("id", "to", "subject", "text", "html", "headers", "nextAttemptAt", "createdAt")
      VALUES ${Prisma.join(values)}
      RETURNING "id", ${emailNotice}`;
    const pairs = handed.map((h) => Prisma.sql`(${h.id}, ${h.outboxId})`);
    await tx.$executeRaw`
      UPDATE "BroadcastRecipient" r SET "state" = 'handed', "outboxId" = v.o, "handedAt" = ${utc(now)}
      FROM (VALUES ${Prisma.join(pairs)}) AS v(i, o)
      WHERE r."id" = v.i AND r."state" = 'queued'`;
    ids.push(...outboxRows.map((o) => o.id));
  }
  await tx.broadcast.update({ where: { id: b.id }, data: { handedAt: now } });
  return { ids, more: true };
}

/** The e-mail rows a handing wrote: counted and sent (after the response in a request; else the background sender or the jobs). */
export function queuedRows(ids: readonly string[]): void {
  for (const id of ids) queuedRow(id);
}

/** A sending broadcast's live figures: recipients handed and their messages sent and given up, and those still to go. */
async function liveFigures(tx: Tx, broadcastId: string) {
  const [f] = await tx.$queryRaw<{ sent: number; failed: number; open: number; queued: number }[]>`
    SELECT
      count(*) FILTER (WHERE r."state" = 'handed' AND o."sentAt" IS NOT NULL)::int AS "sent",
      count(*) FILTER (WHERE r."state" = 'handed' AND o."failedAt" IS NOT NULL)::int AS "failed",
      count(*) FILTER (WHERE r."state" = 'handed' AND o."id" IS NOT NULL AND o."sentAt" IS NULL AND o."failedAt" IS NULL)::int AS "open",
      count(*) FILTER (WHERE r."state" = 'queued')::int AS "queued"
    FROM "BroadcastRecipient" r LEFT JOIN "OutboxMessage" o ON o."id" = r."outboxId"
    WHERE r."broadcastId" = ${broadcastId}`;
  return f ?? { sent: 0, failed: 0, open: 0, queued: 0 };
}

/** Ends one sending broadcast whose every message is sent or given up: its figures, `sent`, and the `broadcast.sent` webhook. Returns whether one ended. */
export async function finishNext(tx: Tx, now: Date, skip: Set<string>): Promise<boolean> {
  const sending = await tx.broadcast.findMany({
    where: { status: "sending", id: { notIn: [...skip] } },
    select: { id: true, pageId: true, recipients: true },
    orderBy: { startedAt: "asc" },
    take: 20,
  });
  for (const b of sending) {
    skip.add(b.id);
    const f = await liveFigures(tx, b.id);
    if (f.queued > 0 || f.open > 0) {
      await tx.broadcast.update({ where: { id: b.id }, data: { sent: f.sent, failed: f.failed } });
      continue;
    }
    const ended = await tx.broadcast.updateMany({
      where: { id: b.id, status: "sending" },
      data: { status: "sent", finishedAt: now, sent: f.sent, failed: f.failed },
    });
    if (ended.count === 0) continue;
    await queueWebhookEvent(tx, b.pageId, "broadcast.sent", { broadcastId: b.id, recipients: b.recipients, sent: f.sent, failed: f.failed }, now);
    log.info("broadcast.sent", { id: b.id, recipients: b.recipients, sent: f.sent, failed: f.failed });
    return true;
  }
  return false;
}

/** Scheduled broadcasts whose time has come start (unless the page's broadcasts are paused: then they wait, still scheduled). */
export async function startScheduled(tx: Tx, now: Date): Promise<number> {
  const due = await tx.broadcast.findMany({
    where: { status: "scheduled", sendAt: { lte: now }, page: { OR: [{ broadcastPause: null }, { broadcastPause: { liftedAt: { not: null } } }] } },
    select: { id: true },
    orderBy: { sendAt: "asc" },
    take: 10,
  });
  for (const b of due) await startSending(tx, b.id, now);
  return due.length;
}

/**
 * What an unsubscribe does to broadcasts (in its transaction): the person's
 * messages not yet sent (nor being sent) are given up, and their recipient
 * rows marked `skipped`, so an address that left while a broadcast runs
 * gets nothing more. Queued recipients are skipped at their turn.
 */
export async function dropUnsent(tx: Pick<Tx, "$executeRaw">, subscriberId: string, now: Date): Promise<void> {
  await tx.$executeRaw`
    WITH mine AS (
      UPDATE "BroadcastRecipient" SET "state" = 'skipped'
      WHERE "subscriberId" = ${subscriberId} AND "state" IN ('queued', 'handed')
        AND ("outboxId" IS NULL OR "outboxId" IN (
          SELECT "id" FROM "OutboxMessage" WHERE "sentAt" IS NULL AND "failedAt" IS NULL AND ("lockedUntil" IS NULL OR "lockedUntil" < ${utc(now)})))
      RETURNING "outboxId"
    )
    UPDATE "OutboxMessage" SET "failedAt" = ${utc(now)}, "lastError" = 'not sent: unsubscribed', "text" = '', "html" = NULL, "headers" = NULL
    WHERE "id" IN (SELECT "outboxId" FROM mine) AND "sentAt" IS NULL AND "failedAt" IS NULL`;
}
