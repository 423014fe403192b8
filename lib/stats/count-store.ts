import "server-only";
import { withoutBlockedLinks } from "@/lib/moderation/blocked-domains";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db";
import { LIMITS } from "@/lib/server/rate-limit";
import { sums, tally, unique, upsert } from "./count-sql";

// Stores a group of counts in ONE transaction (group commit): a handful of
// set-based statements whatever the group's size. Counting order of api.md,
// per count: missing target → not_found; the owner's own visit → ignored;
// past the flood cap → limited; otherwise counted. Four statements per group
// whatever its size. Rows are locked in one order (rate limits, visitor
// marks, links, then each stats table, each by key), so groups committed at
// once by several instances do not deadlock (and a deadlock PostgreSQL
// still reports rolls the whole group back and is retried).

export type CountKind = "view" | "click";

export interface CountRequest {
  kind: CountKind;
  /** The username (view) or the link id (click). */
  target: string;
  /** The signed-in viewer, if any: the owner's own visits are not counted. */
  viewerId: string | null;
  /** Whom the flood cap counts (the client address). */
  client: string;
  day: string;
  source: string;
  device: string;
  country: string;
  visitor: string;
}

export type CountOutcome =
  | { status: "counted" }
  | { status: "ignored" }
  | { status: "not_found" }
  | { status: "limited"; retryAfter: number };

type Tx = Prisma.TransactionClient;

/**
 * SQL condition a link must meet to be counted (alias l: the link, u: its
 * owner): active, a link (not a section title), inside its schedule, on an
 * active page, at the app's clock (the one the public page uses). Blocked
 * domains are filtered after the query (resolveTargets).
 */
const countableLink = (now: Date) => Prisma.sql`l."active" AND l."kind" = 'link' AND u."pageActive"
  AND (l."startsAt" IS NULL OR l."startsAt" <= ${now}::timestamp) AND (l."endsAt" IS NULL OR l."endsAt" > ${now}::timestamp)`;

export async function storeCounts(requests: CountRequest[]): Promise<CountOutcome[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction((tx) => storeInTransaction(tx, requests), { maxWait: 10_000, timeout: 20_000 });
    } catch (error) {
      // A deadlock or serialization failure rolled everything back: safe to retry.
      if (attempt >= 3 || !/deadlock detected|could not serialize|40P01|40001/.test(String(error))) throw error;
    }
  }
}

async function storeInTransaction(tx: Tx, requests: CountRequest[]): Promise<CountOutcome[]> {
  const owners = await resolveTargets(tx, requests);
  const outcomes: CountOutcome[] = requests.map((r, i) => {
    const owner = owners[i];
    if (!owner) return { status: "not_found" };
    return r.viewerId === owner ? { status: "ignored" } : { status: "counted" };
  });
  await applyFloodCap(tx, requests, outcomes);
  const counted = requests.map((r, i) => ({ ...r, owner: owners[i]! })).filter((_, i) => outcomes[i]!.status === "counted");
  if (counted.length) await writeTotals(tx, counted);
  return outcomes;
}

/** The owner id of each request's target, or undefined when it is not countable. */
async function resolveTargets(tx: Tx, requests: CountRequest[]): Promise<(string | undefined)[]> {
  const names = unique(requests.filter((r) => r.kind === "view").map((r) => r.target));
  const ids = unique(requests.filter((r) => r.kind === "click").map((r) => r.target));
  const rows = await tx.$queryRaw<{ kind: CountKind; key: string; owner: string; url: string }[]>`
    SELECT 'view' AS "kind", "username" AS "key", "id" AS "owner", '' AS "url" FROM "User" WHERE "username" = ANY(${names}::text[]) AND "pageActive"
    UNION ALL
    SELECT 'click', l."id", l."userId", l."url" FROM "Link" l JOIN "User" u ON u."id" = l."userId"
    WHERE l."id" = ANY(${ids}::text[]) AND ${countableLink(new Date())}`;
  const pages = rows.filter((r) => r.kind === "view").map((r) => ({ username: r.key, id: r.owner }));
  const links = rows.filter((r) => r.kind === "click").map((r) => ({ id: r.key, userId: r.owner, url: r.url }));
  const pageOwner = new Map(pages.map((p) => [p.username, p.id]));
  const linkOwner = new Map((await withoutBlockedLinks(links, tx)).map((l) => [l.id, l.userId]));
  return requests.map((r) => (r.kind === "view" ? pageOwner : linkOwner).get(r.target));
}

/**
 * The flood cap (LIMITS.countsPerClient), shared with every instance through
 * the RateLimit table: one upsert adds each client's hits; the hits past the
 * limit are refused.
 */
async function applyFloodCap(tx: Tx, requests: CountRequest[], outcomes: CountOutcome[]) {
  const limit = LIMITS.countsPerClient;
  const hits = tally(
    requests.filter((_, i) => outcomes[i]!.status === "counted"),
    (r) => `count:ip:${r.client}`,
  );
  if (!hits.size) return;
  const keys = [...hits.keys()].sort();
  const rows = await tx.$queryRaw<{ key: string; count: number; retryAfterMs: number }[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt")
    SELECT t.k, t.n, (now() AT TIME ZONE 'UTC') + ${limit.windowMs} * interval '1 millisecond'
    FROM unnest(${keys}::text[], ${keys.map((k) => hits.get(k)!)}::int[]) AS t(k, n) ORDER BY t.k
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= (now() AT TIME ZONE 'UTC') THEN EXCLUDED."count" ELSE "RateLimit"."count" + EXCLUDED."count" END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= (now() AT TIME ZONE 'UTC') THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "key", "count", (EXTRACT(EPOCH FROM ("resetAt" - (now() AT TIME ZONE 'UTC'))) * 1000)::float8 AS "retryAfterMs"`;
  const after = new Map(rows.map((row) => [row.key, row]));
  // The hits of one client in this group are the last `n` of its window, in arrival order.
  const seen = new Map<string, number>();
  requests.forEach((r, i) => {
    if (outcomes[i]!.status !== "counted") return;
    const key = `count:ip:${r.client}`;
    const row = after.get(key)!;
    const position = row.count - hits.get(key)! + 1 + (seen.get(key) ?? 0);
    seen.set(key, (seen.get(key) ?? 0) + 1);
    if (position <= limit.limit) return;
    const retryAfter = Math.max(1, Math.ceil(row.retryAfterMs / 1000));
    outcomes[i] = { status: "limited", retryAfter };
  });
}

type Counted = CountRequest & { owner: string };

/**
 * Every total of the group in one statement: the links' lifetime clicks
 * (rows locked in id order first), then the daily rows of profiles,
 * breakdowns, links and link sources, each upserted in key order.
 */
async function writeTotals(tx: Tx, counted: Counted[]) {
  const clicks = counted.filter((c) => c.kind === "click");
  const isNew = await markVisitors(tx, counted);
  const parts: Prisma.Sql[] = [];

  if (clicks.length) {
    const perLink = tally(clicks, (c) => c.target);
    const ids = [...perLink.keys()].sort();
    parts.push(Prisma.sql`locked AS (
      SELECT "id" FROM "Link" WHERE "id" = ANY(${ids}::text[]) ORDER BY "id" FOR NO KEY UPDATE
    ), links AS (
      UPDATE "Link" SET "clicks" = "Link"."clicks" + t.n
      FROM locked, unnest(${ids}::text[], ${ids.map((id) => perLink.get(id)!)}::int[]) AS t(id, n)
      WHERE "Link"."id" = locked."id" AND locked."id" = t.id
    )`);
  }

  const profile = sums(counted, (c) => [c.owner, c.day], (c) => [c.kind === "view" ? 1 : 0, isNew(c) ? 1 : 0, c.kind === "click" ? 1 : 0]);
  parts.push(upsert("profiles", "DailyProfileStat", ["userId", "day"], ["views", "visitors", "clicks"], profile));

  const breakdown = new Map<string, { key: string[]; values: number[] }>();
  for (const kind of ["source", "device", "country"] as const) {
    for (const [k, v] of sums(counted, (c) => [c.owner, c.day, kind, c[kind]], (c) => [c.kind === "view" ? 1 : 0, c.kind === "click" ? 1 : 0])) breakdown.set(k, v);
  }
  parts.push(upsert("breakdowns", "DailyBreakdownStat", ["userId", "day", "kind", "value"], ["views", "clicks"], breakdown));

  if (clicks.length) {
    parts.push(upsert("link_days", "DailyLinkStat", ["linkId", "day"], ["clicks"], sums(clicks, (c) => [c.target, c.day], () => [1])));
    parts.push(upsert("link_sources", "DailyLinkSourceStat", ["linkId", "day", "source"], ["clicks"], sums(clicks, (c) => [c.target, c.day, c.source], () => [1])));
  }
  await tx.$executeRaw`WITH ${Prisma.join(parts, ", ")} SELECT 1`;
}

/** Records today's visitor marks; says which counts brought a visitor not seen that day. */
async function markVisitors(tx: Tx, counted: Counted[]): Promise<(c: Counted) => boolean> {
  const first = new Map<string, Counted>();
  for (const c of counted) {
    const key = `${c.owner}\u0000${c.day}\u0000${c.visitor}`;
    if (!first.has(key)) first.set(key, c);
  }
  const keys = [...first.keys()].sort();
  const column = (i: number) => keys.map((k) => k.split("\u0000")[i]!);
  const inserted = await tx.$queryRaw<{ userId: string; day: string; hash: string }[]>`
    INSERT INTO "DailyVisitorMark" ("userId", "day", "hash")
    SELECT t.u, t.d::date, t.h FROM unnest(${column(0)}::text[], ${column(1)}::text[], ${column(2)}::text[]) AS t(u, d, h)
    ORDER BY t.u, t.d, t.h
    ON CONFLICT DO NOTHING
    RETURNING "userId", to_char("day", 'YYYY-MM-DD') AS "day", "hash"`;
  const fresh = new Set(inserted.map((r) => first.get(`${r.userId}\u0000${r.day}\u0000${r.hash}`)));
  return (c) => fresh.has(c);
}
