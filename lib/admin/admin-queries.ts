import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { currentAppeals } from "@/lib/moderation/appeal-queries";
import { db } from "@/lib/server/db";
import type { AuditPerson } from "@/lib/audit/audit-types";
import type { AdminAuditRow, AdminPageRow, AdminUserRow } from "./admin-types";
import { NEWEST_FIRST, afterCursor, pageOf, type Keyset, type ListPage } from "@/lib/lists/keyset";
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

/** The trigram indexes serve a search of three characters or more. */
const TRIGRAM_MIN = 3;

/** A search that matches more accounts than this is common (see searchedIds). */
const COMMON_MATCHES = 1_000;

/**
 * The ids of the newest `take` accounts after `cursor` that a search matches,
 * or null when the search is common. A rare search is found through the
 * trigram indexes first (its matches MATERIALIZED, then sorted): left to itself, the planner answers a LIMIT by walking the
 * newest-first index and filtering, which reads every account when few or
 * none match, a cost that grows with the platform. A common one is the
 * opposite: its matches grow with the platform (a first name matched 65 ms
 * of them at 100,000 accounts), while the newest-first walk finds a page of
 * them within a few thousand rows, so the caller walks.
 */
async function searchedIds(q: string, withEmail: boolean, cursor: Keyset | undefined, take: number): Promise<string[] | null> {
  const text = `%${escapeLike(q)}%`;
  const handle = `%${escapeLike(q.replace(/^@/, "") || q).toLowerCase()}%`;
  const email = withEmail ? Prisma.sql` OR "email" LIKE ${`%${escapeLike(q).toLowerCase()}%`}` : Prisma.empty;
  // createdAt holds UTC without a zone: the cursor's instant is read as such.
  const after = cursor
    ? Prisma.sql`WHERE ("createdAt", "id") < ((${cursor.createdAt.toISOString()}::timestamptz AT TIME ZONE 'UTC'), ${cursor.id})`
    : Prisma.empty;
  // PostgreSQL reads a WITH query only as far as its reader asks: the count
  // stops at COMMON_MATCHES + 1 matches, and only a rare search's are all read
  // and sorted (EXPLAIN ANALYZE on 200,000 rows: a word in 10 % of them reads
  // 1,001 rows and never sorts, 4 ms).
  const [found] = await db.$queryRaw<{ n: number; ids: string[] | null }[]>`
    WITH hits AS MATERIALIZED (
      SELECT "id", "createdAt" FROM "User" WHERE "name" ILIKE ${text} OR "username" LIKE ${handle}${email}
    ), counted AS (
      SELECT count(*)::int AS "n" FROM (SELECT 1 FROM hits LIMIT ${COMMON_MATCHES + 1}) AS first
    )
    SELECT "n", CASE WHEN "n" <= ${COMMON_MATCHES}
      THEN ARRAY(SELECT "id" FROM hits ${after} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${take}) END AS "ids"
    FROM counted`;
  return found && found.n <= COMMON_MATCHES ? (found.ids ?? []) : null;
}

/** The accounts of one page of a list: by the search's ids when the trigram indexes can serve it. */
async function listWhere(q: string | undefined, withEmail: boolean, cursor: Keyset | undefined, take: number): Promise<Prisma.UserWhereInput> {
  if (q && (q.replace(/^@/, "") || q).length >= TRIGRAM_MIN) {
    const ids = await searchedIds(q, withEmail, cursor, take);
    if (ids) return { id: { in: ids } };
  }
  return { AND: [afterCursor(cursor), userSearch(q, withEmail)] };
}

export async function listPages({ q, cursor, limit }: ListQuery): Promise<ListPage<AdminPageRow>> {
  const found = await db.user.findMany({
    where: await listWhere(q, false, cursor, limit + 1),
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
    where: await listWhere(q, true, cursor, limit + 1),
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
