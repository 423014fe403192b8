import "server-only";
import { rolesWith } from "@/lib/permissions/page-permissions";
import type { UserDto } from "@/lib/accounts/user-dto";
import { writeAudit } from "@/lib/audit/audit-log";
import { appLink } from "@/lib/email/mail-config";
import { utc } from "@/lib/jobs/job";
import { queueEmail } from "@/lib/email/outbox";
import { db, type Tx } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { escapeHtml } from "@/lib/server/escape-html";
import { broadcastStrings as s } from "@/lib/strings/broadcasts";

// The pause (api.md, "Never more than the list asked for"): a broadcast
// whose unsubscribes pass 2 % of its sent messages in its first 24 hours
// pauses the page's broadcasts (owners and administrators told by e-mail)
// until an administrator lifts it; an administrator may also pause one
// broadcast or a page's sending. A paused page hands no more messages, and
// its scheduled broadcasts wait.

/** Unsubscribes over sent messages past which a broadcast pauses its page. */
export const UNSUBSCRIBE_RATE_LIMIT = 0.02;
const DAY_MS = 24 * 60 * 60_000;

/** True while the page's broadcasts are paused. */
export async function isPaused(client: Pick<Tx, "broadcastPause">, pageId: string): Promise<boolean> {
  return (await client.broadcastPause.count({ where: { pageId, liftedAt: null } })) > 0;
}

/** The broadcasts started in the last 24 hours, not yet tripped, whose unsubscribes passed 2 %: each pauses its page once. Returns how many did. */
export async function watchUnsubscribes(tx: Tx, now: Date): Promise<number> {
  const since = new Date(now.getTime() - DAY_MS);
  const rows = await tx.$queryRaw<{ id: string; pageId: string; subject: string; sent: number; unsubscribed: number }[]>`
    SELECT b."id", b."pageId", b."subject",
      count(*) FILTER (WHERE o."sentAt" IS NOT NULL)::int AS "sent",
      count(*) FILTER (WHERE o."sentAt" IS NOT NULL AND s."status" = 'unsubscribed'
        AND s."unsubscribedAt" >= b."startedAt" AND s."unsubscribedAt" < b."startedAt" + interval '24 hours')::int AS "unsubscribed"
    FROM "Broadcast" b
    JOIN "BroadcastRecipient" r ON r."broadcastId" = b."id"
    LEFT JOIN "OutboxMessage" o ON o."id" = r."outboxId"
    LEFT JOIN "Subscriber" s ON s."id" = r."subscriberId"
    WHERE b."startedAt" >= ${utc(since)} AND b."trippedAt" IS NULL AND b."status" IN ('sending', 'sent', 'paused')
    GROUP BY b."id", b."pageId", b."subject"`;
  let tripped = 0;
  for (const b of rows) {
    if (b.sent === 0 || b.unsubscribed / b.sent <= UNSUBSCRIBE_RATE_LIMIT) continue;
    const marked = await tx.broadcast.updateMany({ where: { id: b.id, trippedAt: null }, data: { trippedAt: now } });
    if (marked.count === 0) continue;
    await pausePage(tx, b.pageId, { reason: s.pausedReason, broadcastId: b.id, by: null, now });
    await tellPaused(tx, b.pageId, b.subject);
    tripped += 1;
  }
  return tripped;
}

async function pausePage(tx: Tx, pageId: string, p: { reason: string; broadcastId: string | null; by: string | null; now: Date }) {
  const data = { pausedAt: p.now, reason: p.reason, broadcastId: p.broadcastId, pausedById: p.by, liftedAt: null, liftedById: null };
  await tx.broadcastPause.upsert({ where: { pageId }, create: { pageId, ...data }, update: data });
}

/** The owners (verified e-mails) and the administrators hear of a pause. */
async function tellPaused(tx: Tx, pageId: string, subject: string): Promise<void> {
  const page = await tx.page.findUniqueOrThrow({ where: { id: pageId }, select: { name: true } });
  const owners = await tx.pageMember.findMany({
    where: { pageId, role: { in: rolesWith("broadcasts.send") }, user: { emailVerified: { not: null } } },
    select: { user: { select: { id: true, email: true } } },
  });
  const admins = await tx.user.findMany({ where: { isAdmin: true }, select: { id: true, email: true } });
  const to = new Map([...owners.map((o) => o.user), ...admins].map((u) => [u.email, u.id]));
  const text = s.pausedText(page.name, subject);
  const url = appLink("/dashboard");
  for (const [email, userId] of to) {
    await queueEmail(tx, {
      userId,
      to: email,
      subject: s.pausedSubject(page.name),
      text: `${text}\n\n${url}\n`,
      html: `<!doctype html><html lang="pt-BR"><body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111827;line-height:1.5"><div style="max-width:520px;margin:0 auto"><p style="margin:0 0 16px">${escapeHtml(text)}</p><p style="margin:0"><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p></div></body></html>`,
    });
  }
}

/** A page whose broadcasts are paused now, with why (the panel's 'Envios' tab). */
export interface PausedPage {
  pageId: string;
  username: string;
  name: string;
  reason: string;
  pausedAt: string;
  /** False when the 2 % rule paused it. */
  byAdmin: boolean;
}

/** GET /api/admin/broadcasts/pauses: the pages paused now, the latest first (at most 200). */
export async function listPausedPages(): Promise<PausedPage[]> {
  const rows = await db.broadcastPause.findMany({
    where: { liftedAt: null },
    orderBy: [{ pausedAt: "desc" }, { pageId: "asc" }],
    take: 200,
    select: { pageId: true, reason: true, pausedAt: true, pausedById: true, page: { select: { username: true, name: true } } },
  });
  return rows.map((r) => ({
    pageId: r.pageId,
    username: r.page.username,
    name: r.page.name,
    reason: r.reason,
    pausedAt: r.pausedAt.toISOString(),
    byAdmin: r.pausedById !== null,
  }));
}

export interface PauseState {
  pageId: string;
  paused: boolean;
}

/** POST /api/admin/broadcasts/pauses/{pageId}: an administrator pauses a page's broadcasts (audited). */
export async function adminPausePage(actor: UserDto, pageId: string): Promise<PauseState> {
  return db.$transaction(async (tx) => {
    const page = await tx.page.findUnique({ where: { id: pageId }, select: { id: true, name: true, username: true } });
    if (!page) throw new AppError("not_found");
    await pausePage(tx, pageId, { reason: s.adminPausedReason, broadcastId: null, by: actor.id, now: new Date() });
    await writeAudit(tx, actor, "broadcasts.pause", null, { page });
    return { pageId, paused: true };
  });
}

/** DELETE /api/admin/broadcasts/pauses/{pageId}: an administrator lifts a page's pause (audited); 404 when it is not paused. */
export async function adminLiftPage(actor: UserDto, pageId: string): Promise<PauseState> {
  return db.$transaction(async (tx) => {
    const lifted = await tx.broadcastPause.updateMany({ where: { pageId, liftedAt: null }, data: { liftedAt: new Date(), liftedById: actor.id } });
    if (lifted.count === 0) throw new AppError("not_found", { message: s.notPaused });
    const page = await tx.page.findUniqueOrThrow({ where: { id: pageId }, select: { id: true, name: true, username: true } });
    await writeAudit(tx, actor, "broadcasts.lift", null, { page });
    return { pageId, paused: false };
  });
}

/** POST /api/admin/broadcasts/{id}/pause: one broadcast stops (scheduled or sending → paused), audited. */
export async function adminPauseBroadcast(actor: UserDto, id: string): Promise<{ id: string; status: "paused" }> {
  return db.$transaction(async (tx) => {
    const b = await tx.broadcast.findUnique({ where: { id }, select: { page: { select: { id: true, name: true, username: true } } } });
    if (!b) throw new AppError("not_found", { message: s.notFound });
    const paused = await tx.broadcast.updateMany({ where: { id, status: { in: ["scheduled", "sending"] } }, data: { status: "paused" } });
    if (paused.count === 0) throw new AppError("conflict", { message: s.notPausable });
    await writeAudit(tx, actor, "broadcasts.pause", null, { page: b.page, note: id });
    return { id, status: "paused" as const };
  });
}

/** DELETE /api/admin/broadcasts/{id}/pause: a paused broadcast goes on (sending again if it had started, else scheduled), audited. */
export async function adminLiftBroadcast(actor: UserDto, id: string): Promise<{ id: string; status: "sending" | "scheduled" }> {
  return db.$transaction(async (tx) => {
    const b = await tx.broadcast.findUnique({
      where: { id },
      select: { status: true, startedAt: true, page: { select: { id: true, name: true, username: true } } },
    });
    if (!b || b.status !== "paused") throw new AppError("not_found", { message: s.notPaused });
    const status = b.startedAt ? ("sending" as const) : ("scheduled" as const);
    await tx.broadcast.update({ where: { id }, data: { status } });
    await writeAudit(tx, actor, "broadcasts.lift", null, { page: b.page, note: id });
    return { id, status };
  });
}
