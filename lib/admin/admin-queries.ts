import "server-only";
import { rolesWith } from "@/lib/permissions/page-permissions";
import { Prisma } from "@/lib/generated/prisma/client";
import { currentAppeals } from "@/lib/moderation/appeal-queries";
import { MEMBERSHIP_ORDER } from "@/lib/pages/page-access";
import { db } from "@/lib/server/db";
import type { AuditPerson } from "@/lib/audit/audit-types";
import type { AdminAuditRow, AdminPageRow, AdminUserRow } from "./admin-types";
import { NEWEST_FIRST, afterCursor, pageOf, type Keyset, type ListPage } from "@/lib/lists/keyset";
import { escapeLike, type ListQuery } from "@/lib/lists/list-query";

// The panel's lists: newest first, keyset-paginated on (createdAt, id) so a
// deep page costs the same as the first one, whatever the number of rows.
// The pages list and its search are by page (Page: name, username); the
// users list by account (User: name, e-mail, and the usernames of its pages).

/** A search as typed: the text, and the handle (a leading "@" ignored, lowercase). */
function searchTerms(q: string) {
  return { text: escapeLike(q), handle: escapeLike(q.replace(/^@/, "") || q).toLowerCase() };
}

/** Pages by name or username. */
function pageSearch(q: string | undefined): Prisma.PageWhereInput {
  if (!q) return {};
  const { text, handle } = searchTerms(q);
  return { OR: [{ name: { contains: text, mode: "insensitive" } }, { username: { contains: handle } }] };
}

/** Accounts by name, e-mail or the username of a page they manage. */
function userSearch(q: string | undefined): Prisma.UserWhereInput {
  if (!q) return {};
  const { text, handle } = searchTerms(q);
  return {
    OR: [
      { name: { contains: text, mode: "insensitive" } },
      { email: { contains: text.toLowerCase() } },
      { memberships: { some: { page: { username: { contains: handle } } } } },
    ],
  };
}

/** The trigram indexes serve a search of three characters or more. */
const TRIGRAM_MIN = 3;

/** How many rows, from the cursor on, a search walks before judging it rare (see searchedIds). */
const WALK_ROWS = 2_000;

/** The two lists a search runs on. */
type Searched = "Page" | "User";

/**
 * What a search matches in `table`: `walked`, the matching rows among the
 * WALK_ROWS that come after the cursor (newest first, in that order, at most
 * `take`), and `hits`, every matching row's id and createdAt through the
 * trigram indexes. An account also matches by the username of a page it
 * manages: in the walk, per row through its memberships (a LATERAL with LIMIT
 * 1, so the planner cannot turn it into a hash of every page the search
 * matches); for the hits, through Page's trigram index, then the memberships
 * (a UNION, so each part keeps its index).
 */
function searchSql(table: Searched, q: string, after: Prisma.Sql, take: number): { walked: Prisma.Sql; hits: Prisma.Sql } {
  const text = `%${escapeLike(q)}%`;
  const handle = `%${escapeLike(q.replace(/^@/, "") || q).toLowerCase()}%`;
  if (table === "Page") {
    const row = Prisma.sql`("name" ILIKE ${text} OR "username" LIKE ${handle})`;
    return {
      walked: Prisma.sql`SELECT "id", "createdAt" FROM (
          SELECT "id", "createdAt", "name", "username" FROM "Page" WHERE ${after} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${WALK_ROWS}
        ) AS recent WHERE ${row} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${take}`,
      hits: Prisma.sql`SELECT "id", "createdAt" FROM "Page" WHERE ${row}`,
    };
  }
  const email = `%${escapeLike(q).toLowerCase()}%`;
  const own = Prisma.sql`(recent."name" ILIKE ${text} OR recent."email" LIKE ${email})`;
  return {
    walked: Prisma.sql`SELECT recent."id", recent."createdAt" FROM (
          SELECT "id", "createdAt", "name", "email" FROM "User" WHERE ${after} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${WALK_ROWS}
        ) AS recent
        LEFT JOIN LATERAL (
          SELECT 1 AS "hit" FROM "PageMember" m JOIN "Page" p ON p."id" = m."pageId"
          WHERE m."userId" = recent."id" AND p."username" LIKE ${handle} LIMIT 1
        ) AS managed ON TRUE
        WHERE ${own} OR managed."hit" IS NOT NULL
        ORDER BY recent."createdAt" DESC, recent."id" DESC LIMIT ${take}`,
    hits: Prisma.sql`SELECT "id", "createdAt" FROM "User" WHERE ("name" ILIKE ${text} OR "email" LIKE ${email})
      UNION
      SELECT u."id", u."createdAt" FROM "Page" p JOIN "PageMember" m ON m."pageId" = p."id" JOIN "User" u ON u."id" = m."userId"
      WHERE p."username" LIKE ${handle}`,
  };
}

/**
 * The ids of the newest `take` rows of `table` after `cursor` that a search
 * matches, or null when a short search (under three characters, which the
 * trigram indexes cannot serve) is rare in the next WALK_ROWS rows. One
 * statement, whose cost does not grow with the table: it walks the
 * newest-first index from the cursor over at most WALK_ROWS rows (a bounded
 * read, the same at any size). A common search (a first name: one account in
 * eight) has its `take` matches there: they are the answer, newest first, and
 * nothing else is read; the whole set of a common word's matches is never
 * read, counted or sorted. A rarer one is answered through the trigram
 * indexes (its matches MATERIALIZED, then sorted). Left to itself, the planner
 * answers a LIMIT by walking the newest-first index and filtering, which reads
 * every row when few or none match, and turns the page usernames' part into a
 * hashed subplan of every page the word matches (issue 46: 2.2 s for a first
 * name at a million accounts). A word between the two (under `take` matches
 * in the window, thousands in all) costs its number of matches.
 */
async function searchedIds(table: Searched, q: string, cursor: Keyset | undefined, take: number): Promise<string[] | null> {
  // createdAt holds UTC without a zone: the cursor's instant is read as such.
  const after = cursor
    ? Prisma.sql`("createdAt", "id") < ((${cursor.createdAt.toISOString()}::timestamptz AT TIME ZONE 'UTC'), ${cursor.id})`
    : Prisma.sql`TRUE`;
  const { walked, hits } = searchSql(table, q, after, take);
  const trigrams = (q.replace(/^@/, "") || q).length >= TRIGRAM_MIN;
  // The hits are read only when the walk found fewer than `take` matches (a
  // subquery in the branch CASE takes).
  const [found] = await db.$queryRaw<{ n: number; ids: string[] | null }[]>`
    WITH walked AS MATERIALIZED (${walked}), hits AS MATERIALIZED (${hits})
    SELECT (SELECT count(*)::int FROM walked) AS "n", CASE
      WHEN (SELECT count(*) FROM walked) >= ${take} THEN ARRAY(SELECT "id" FROM walked ORDER BY "createdAt" DESC, "id" DESC)
      WHEN ${trigrams} THEN ARRAY(SELECT "id" FROM hits WHERE ${after} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${take})
    END AS "ids"`;
  if (!found) return [];
  return found.n >= take || trigrams ? (found.ids ?? []) : null;
}

export async function listPages({ q, cursor, limit }: ListQuery): Promise<ListPage<AdminPageRow>> {
  const ids = q ? await searchedIds("Page", q, cursor, limit + 1) : null;
  const found = await db.page.findMany({
    where: ids ? { id: { in: ids } } : { AND: [afterCursor(cursor), pageSearch(q)] },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    select: {
      id: true,
      name: true,
      username: true,
      active: true,
      createdAt: true,
      deactivationReason: true,
      deactivatedAt: true,
      members: {
        where: { role: { in: rolesWith("page.delete") } },
        orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
        select: { user: { select: { id: true, name: true, email: true } } },
      },
    },
  });
  const { rows, nextCursor } = pageOf(found, limit);
  const [sums, appeals] = await Promise.all([
    rows.length
      ? db.dailyProfileStat.groupBy({
          by: ["pageId"],
          where: { pageId: { in: rows.map((r) => r.id) } },
          _sum: { views: true, clicks: true },
        })
      : [],
    currentAppeals(rows),
  ]);
  const byPage = new Map(sums.map((s) => [s.pageId, s._sum]));
  const items = rows.map((r): AdminPageRow => ({
    id: r.id,
    name: r.name,
    userName: r.username,
    active: r.active,
    createdAt: r.createdAt.toISOString(),
    views: byPage.get(r.id)?.views ?? 0,
    clicks: byPage.get(r.id)?.clicks ?? 0,
    deactivationReason: r.active ? null : r.deactivationReason,
    appeal: appeals.get(r.id) ?? null,
    owners: r.members.map((m) => m.user),
  }));
  return { items, nextCursor };
}

export async function listUsers({ q, cursor, limit }: ListQuery): Promise<ListPage<AdminUserRow>> {
  const ids = q ? await searchedIds("User", q, cursor, limit + 1) : null;
  const found = await db.user.findMany({
    where: ids ? { id: { in: ids } } : { AND: [afterCursor(cursor), userSearch(q)] },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    select: {
      id: true,
      name: true,
      email: true,
      isAdmin: true,
      createdAt: true,
      // The first page's username and photo, as the panel showed them when an account had one page.
      memberships: { orderBy: [...MEMBERSHIP_ORDER], take: 1, select: { page: { select: { username: true, avatarUrl: true } } } },
    },
  });
  const { rows, nextCursor } = pageOf(found, limit);
  // How many pages each listed account manages, for these ids only (a
  // relation _count would join every membership of the platform).
  const counts = rows.length ? await db.pageMember.groupBy({ by: ["userId"], where: { userId: { in: rows.map((r) => r.id) } }, _count: { _all: true } }) : [];
  const pagesOf = new Map(counts.map((c) => [c.userId, c._count._all]));
  const items = rows.map(({ memberships, ...r }): AdminUserRow => ({
    ...r,
    username: memberships[0]?.page.username ?? "",
    avatarUrl: memberships[0]?.page.avatarUrl ?? null,
    pages: pagesOf.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, nextCursor };
}

export async function listAudit({ cursor, limit }: ListQuery): Promise<ListPage<AdminAuditRow>> {
  const found = await db.auditLog.findMany({
    where: afterCursor(cursor),
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    select: { id: true, action: true, pageId: true, details: true, createdAt: true },
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
      pageId: r.pageId,
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
