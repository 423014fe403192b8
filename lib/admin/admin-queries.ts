import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { currentAppeals } from "@/lib/moderation/appeal-queries";
import { db } from "@/lib/server/db";
import type { AuditPerson } from "@/lib/audit/audit-types";
import type { AdminAuditRow, AdminPageRow, AdminUserRow } from "./admin-types";
import { NEWEST_FIRST, afterCursor, pageOf, type ListPage } from "@/lib/lists/keyset";
import { escapeLike, type ListQuery } from "@/lib/lists/list-query";

// The panel's lists: newest first, keyset-paginated on (createdAt, id) so a
// deep page costs the same as the first one, whatever the number of rows.

/** Name or username (a leading "@" is ignored), and optionally the e-mail. */
function userSearch(q: string | undefined, withEmail: boolean): Prisma.UserWhereInput {
  if (!q) return {};
  const text = escapeLike(q);
  const handle = escapeLike(q.replace(/^@/, "") || q).toLowerCase();
  const or: Prisma.UserWhereInput[] = [
    { name: { contains: text, mode: "insensitive" } },
    { username: { contains: handle } },
  ];
  if (withEmail) or.push({ email: { contains: text.toLowerCase() } });
  return { OR: or };
}

export async function listPages({ q, cursor, limit }: ListQuery): Promise<ListPage<AdminPageRow>> {
  const found = await db.user.findMany({
    where: { AND: [afterCursor(cursor), userSearch(q, false)] },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    select: { id: true, name: true, username: true, pageActive: true, createdAt: true, deactivationReason: true, deactivatedAt: true },
  });
  const { rows, nextCursor } = pageOf(found, limit);
  const [sums, appeals] = await Promise.all([
    rows.length
      ? db.dailyProfileStat.groupBy({
          by: ["userId"],
          where: { userId: { in: rows.map((r) => r.id) } },
          _sum: { views: true, clicks: true },
        })
      : [],
    currentAppeals(rows),
  ]);
  const byUser = new Map(sums.map((s) => [s.userId, s._sum]));
  const items = rows.map((r) => ({
    id: r.id,
    name: r.name,
    userName: r.username,
    active: r.pageActive,
    createdAt: r.createdAt.toISOString(),
    views: byUser.get(r.id)?.views ?? 0,
    clicks: byUser.get(r.id)?.clicks ?? 0,
    deactivationReason: r.pageActive ? null : r.deactivationReason,
    appeal: appeals.get(r.id) ?? null,
  }));
  return { items, nextCursor };
}

export async function listUsers({ q, cursor, limit }: ListQuery): Promise<ListPage<AdminUserRow>> {
  const found = await db.user.findMany({
    where: { AND: [afterCursor(cursor), userSearch(q, true)] },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    select: { id: true, name: true, username: true, email: true, avatarUrl: true, isAdmin: true, createdAt: true },
  });
  const { rows, nextCursor } = pageOf(found, limit);
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), nextCursor };
}

export async function listAudit({ cursor, limit }: ListQuery): Promise<ListPage<AdminAuditRow>> {
  const found = await db.auditLog.findMany({
    where: afterCursor(cursor),
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    select: { id: true, action: true, details: true, createdAt: true },
  });
  const { rows, nextCursor } = pageOf(found, limit);
  const items = rows.map((r) => {
    const details = (r.details ?? {}) as { actor?: unknown; target?: unknown; note?: unknown };
    return {
      id: r.id,
      action: r.action,
      createdAt: r.createdAt.toISOString(),
      actor: asPerson(details.actor),
      target: asPerson(details.target),
      note: typeof details.note === "string" ? details.note : null,
    };
  });
  return { items, nextCursor };
}

function asPerson(value: unknown): AuditPerson | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const text = (x: unknown) => (typeof x === "string" ? x : "");
  return { name: text(v.name), username: text(v.username), email: text(v.email) };
}
