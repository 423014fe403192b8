import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { broadcastStrings as s } from "@/lib/strings/broadcasts";
import type { BroadcastDto, BroadcastStatus } from "./broadcast-schemas";

// Reading broadcasts with their figures (api.md, "Write to your list"):
// recipients (fixed at start), sent and failed (live from the outbox while
// it sends, written when it ends), unsubscribed (recipients who left in its
// first 24 hours after their message was sent) and clicks (its body's
// counted links).

interface Row {
  id: string;
  pageId: string;
  subject: string;
  body: string;
  status: string;
  sendAt: Date | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  recipients: number;
  sent: number;
  failed: number;
  unsubscribed: number;
  clicks: number;
}

const LIST_LIMIT = 100;

function select(where: Prisma.Sql, limit: number) {
  return db.$queryRaw<Row[]>`
    SELECT b."id", b."pageId", b."subject", b."body", b."status", b."sendAt", b."createdAt", b."startedAt", b."finishedAt", b."recipients",
      CASE WHEN b."status" = 'sent' THEN b."sent" ELSE (SELECT count(*)::int FROM "BroadcastRecipient" r JOIN "OutboxMessage" o ON o."id" = r."outboxId"
        WHERE r."broadcastId" = b."id" AND r."state" = 'handed' AND o."sentAt" IS NOT NULL) END AS "sent",
      CASE WHEN b."status" = 'sent' THEN b."failed" ELSE (SELECT count(*)::int FROM "BroadcastRecipient" r JOIN "OutboxMessage" o ON o."id" = r."outboxId"
        WHERE r."broadcastId" = b."id" AND r."state" = 'handed' AND o."failedAt" IS NOT NULL) END AS "failed",
      (SELECT count(*)::int FROM "BroadcastRecipient" r JOIN "Subscriber" x ON x."id" = r."subscriberId"
        WHERE r."broadcastId" = b."id" AND r."state" = 'handed' AND x."status" = 'unsubscribed'
          AND x."unsubscribedAt" >= b."startedAt" AND x."unsubscribedAt" < b."startedAt" + interval '24 hours') AS "unsubscribed",
      (SELECT COALESCE(sum(l."clicks"), 0)::int FROM "BroadcastLink" l WHERE l."broadcastId" = b."id") AS "clicks"
    FROM "Broadcast" b WHERE ${where}
    ORDER BY b."createdAt" DESC, b."id" DESC LIMIT ${limit}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toDto(r: Row): BroadcastDto {
  return {
    id: r.id,
    subject: r.subject,
    body: r.body,
    status: r.status as BroadcastStatus,
    sendAt: iso(r.sendAt),
    createdAt: r.createdAt.toISOString(),
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
    recipients: r.recipients,
    sent: r.sent,
    failed: r.failed,
    unsubscribed: r.unsubscribed,
    clicks: r.clicks,
  };
}

/** GET /api/broadcasts?page=: the page's broadcasts, newest first (its last 100). */
export async function listBroadcasts(pageId: string): Promise<BroadcastDto[]> {
  return (await select(Prisma.sql`b."pageId" = ${pageId}`, LIST_LIMIT)).map(toDto);
}

/** GET /api/broadcasts/{id}?page=: one of the page's broadcasts; another page's → 404. */
export async function getBroadcast(pageId: string, id: string): Promise<BroadcastDto> {
  const [row] = await select(Prisma.sql`b."pageId" = ${pageId} AND b."id" = ${id}`, 1);
  if (!row) throw new AppError("not_found", { message: s.notFound });
  return toDto(row);
}

/** GET /api/admin/broadcasts: the latest broadcasts across pages (not drafts), with their page and whether its sending is paused. */
export async function listAllBroadcasts(): Promise<(Omit<BroadcastDto, "body"> & { page: { id: string; username: string; name: string; paused: boolean } })[]> {
  const rows = await select(Prisma.sql`b."status" <> 'draft'`, 200);
  const pages = await db.page.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.pageId))] } },
    select: { id: true, username: true, name: true, broadcastPause: { select: { liftedAt: true } } },
  });
  const byId = new Map(pages.map((p) => [p.id, p]));
  return rows.map((r) => {
    const p = byId.get(r.pageId)!;
    const { body: _body, ...dto } = toDto(r);
    return { ...dto, page: { id: p.id, username: p.username, name: p.name, paused: Boolean(p.broadcastPause && !p.broadcastPause.liftedAt) } };
  });
}

/** A row of GET /api/admin/broadcasts (the panel's 'Envios' tab). */
export type AdminBroadcastRow = Awaited<ReturnType<typeof listAllBroadcasts>>[number];
