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

/** How many accounts, from the cursor on, a search's density is judged by (see searchedIds). */
const PROBE_ROWS = 2_000;

/**
 * The ids of the newest `take` accounts after `cursor` that a search matches,
 * or null when the search is common there. Which it is, a probe says: the
 * PROBE_ROWS accounts that come next on the newest-first index (a bounded
 * read, the same at any size) holding `take` matches or more. A common search
 * is then walked by the caller on that index, which finds a page of it within
 * a few thousand rows. A rare one is found through the trigram indexes (its
 * matches MATERIALIZED, then sorted): left to itself, the planner answers a
 * LIMIT by walking the newest-first index and filtering, which reads every
 * account when few or none match. Deciding by counting the trigram matches
 * instead read every match of a common word (a first name: 125,000 at a
 * million accounts, 38 ms).
 */
async function searchedIds(q: string, withEmail: boolean, cursor: Keyset | undefined, take: number): Promise<string[] | null> {
  const text = `%${escapeLike(q)}%`;
  const handle = `%${escapeLike(q.replace(/^@/, "") || q).toLowerCase()}%`;
  const email = withEmail ? Prisma.sql` OR "email" LIKE ${`%${escapeLike(q).toLowerCase()}%`}` : Prisma.empty;
  const matches = Prisma.sql`("name" ILIKE ${text} OR "username" LIKE ${handle}${email})`;
  // createdAt holds UTC without a zone: the cursor's instant is read as such.
  const after = cursor
    ? Prisma.sql`("createdAt", "id") < ((${cursor.createdAt.toISOString()}::timestamptz AT TIME ZONE 'UTC'), ${cursor.id})`
    : Prisma.sql`TRUE`;
  // The hits are read only when the probe found the search rare (a subquery
  // in the branch CASE takes; EXPLAIN ANALYZE at a million accounts: a first
  // name in 125,000 of them probes about 200 rows and reads no hit, 0.4 ms; a
  // surname in 200 probes 2,000 and reads its 200 hits through the trigram
  // indexes, 13 ms, most of it the indexes' posting lists).
  const [found] = await db.$queryRaw<{ n: number; ids: string[] | null }[]>`
    WITH probe AS (
      SELECT count(*)::int AS "n" FROM (
        SELECT 1 FROM (
          SELECT "name", "username", "email" FROM "User" WHERE ${after} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${PROBE_ROWS}
        ) AS recent WHERE ${matches} LIMIT ${take}
      ) AS first
    ), hits AS MATERIALIZED (
      SELECT "id", "createdAt" FROM "User" WHERE ${matches}
    )
    SELECT "n", CASE WHEN "n" < ${take}
      THEN ARRAY(SELECT "id" FROM hits WHERE ${after} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${take}) END AS "ids"
    FROM probe`;
  return found && found.n < take ? (found.ids ?? []) : null;
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
