import { blocks } from "@/lib/blocks/registry";
import "server-only";
import { domainCandidates, linkHost } from "@/lib/moderation/domains";
import { rawQuery } from "@/lib/server/db";
import { LIMITS } from "@/lib/server/rate-limit";
import { ensurePartitionsForDays, isMissingPartition } from "./partitions";

// Stores a group of counts (group commit) in TWO statements whatever the
// group's size: one read that finds each target, then ONE statement that
// decides and writes everything else. A single statement is its own
// transaction: when it returns, every count it stored is committed; when it
// fails, none is. Counting order of api.md, per count: missing target or a
// link to a blocked domain → not_found; the owner's own visit → ignored; a
// count whose id is already stored (a client's retry) → duplicate; past the
// flood cap → limited; otherwise counted.
//
// Idempotent counts: a counted count that carries an id stores a receipt of it
// in the same statement as its totals, so both commit or neither does. A
// client that lost the answer (the server died after committing) retries with
// the same id and gets a 204 that adds nothing; a count refused (404, 429)
// leaves no receipt, so its retry may still count.
//
// Rows are locked in one order (pages, links, rate limits, receipts, visitor
// marks, then each stats table, each by key), so statements of several
// instances do not deadlock; a deadlock PostgreSQL still reports rolls the
// whole statement back and is retried.

export type CountKind = "view" | "click";

export interface CountRequest {
  kind: CountKind;
  /** The username (view) or the link id (click). */
  target: string;
  /** The pages the signed-in viewer manages (none when signed out): a member's own visits are not counted. */
  viewerPages: string[];
  /**
   * Whom the flood cap counts (the client address); null when no address is
   * known (lib/server/request.ts): such counts share no bucket and are not capped.
   */
  client: string | null;
  day: string;
  source: string;
  device: string;
  country: string;
  visitor: string;
  /** The client's id for this count (16–64 characters), or null when it sent none. */
  id: string | null;
  /** A click the short link sent to the installed app (an intent: address): counted beside clicks. Default false. */
  sentToApp?: boolean;
}

export type CountOutcome =
  { status: "counted" } | { status: "ignored" } | { status: "duplicate" } | { status: "not_found" } | { status: "limited"; retryAfter: number };

interface Target {
  owner: string;
  /** A link's host and its parent domains (blocked-domain rule), empty for a page. */
  domains: string[];
}

/**
 * Each target's owner (and a link's URL), when it is countable: a page that
 * is active; a block of a kind that counts ($4, lib/blocks/registry.ts) that is active, inside its
 * schedule at the app's clock ($3, the clock the public page uses), on an
 * active page. Blocked domains are checked by WRITE.
 */
const RESOLVE = `
  SELECT 'view' AS "kind", "username" AS "key", "id" AS "owner", '' AS "url" FROM "Page" WHERE "username" = ANY($1::text[]) AND "active"
  UNION ALL
  SELECT 'click', l."id", l."pageId", l."url" FROM "Link" l JOIN "Page" p ON p."id" = l."pageId"
  WHERE l."id" = ANY($2::text[]) AND l."active" AND l."kind" = ANY($4::text[]) AND p."active"
    AND (l."startsAt" IS NULL OR l."startsAt" <= ($3::timestamptz AT TIME ZONE 'UTC'))
    AND (l."endsAt" IS NULL OR l."endsAt" > ($3::timestamptz AT TIME ZONE 'UTC'))`;

/**
 * See decideAndWrite. $1–$11, $16 and $17: the found counts, one array per
 * column ($16 the ids, null where none, each id at most once; $17 whether a
 * click was sent to the app); $12, $13: (count, domain) pairs; $14 window ms,
 * $15 limit.
 */
const WRITE = `
  WITH req AS (
    SELECT * FROM unnest(
      $1::int[], $2::text[], $3::text[], $4::text[],
      $5::boolean[], $6::text[], $7::date[],
      $8::text[], $9::text[], $10::text[], $11::text[], $16::text[], $17::boolean[]
    ) AS r("seq", "kind", "target", "owner", "own", "client", "day", "source", "device", "country", "visitor", "id", "app")
  ), seen AS (
    -- Ids already stored by an earlier statement: retries, counted nowhere and outside the flood cap.
    SELECT "id" FROM "CountReceipt" WHERE "id" = ANY($16::text[])
  ), blocked AS (
    SELECT DISTINCT d."seq" FROM unnest($12::int[], $13::text[]) AS d("seq", "domain")
    JOIN "BlockedDomain" b ON b."domain" = d."domain"
  ), pages AS (
    SELECT "id" FROM "Page" WHERE "id" IN (SELECT "owner" FROM req) ORDER BY "id" FOR KEY SHARE
  ), links AS (
    SELECT "id" FROM "Link" WHERE "id" IN (SELECT "target" FROM req WHERE "kind" = 'click') ORDER BY "id" FOR NO KEY UPDATE
  ), eligible AS (
    -- A page or link deleted since it was found is not counted either.
    SELECT * FROM req WHERE NOT "own" AND "seq" NOT IN (SELECT "seq" FROM blocked)
      AND "owner" IN (SELECT "id" FROM pages) AND ("kind" = 'view' OR "target" IN (SELECT "id" FROM links))
  ), unseen AS (
    SELECT * FROM eligible WHERE "id" IS NULL OR "id" NOT IN (SELECT "id" FROM seen)
  ), hits AS (
    -- No flood bucket for counts without a known address: one shared by every such visitor would drop counts.
    SELECT 'count:ip:' || "client" AS "key", count(*)::int AS "n" FROM unseen WHERE "client" IS NOT NULL GROUP BY 1
  ), caps AS (
    INSERT INTO "RateLimit" ("key", "count", "resetAt")
    SELECT "key", "n", (now() AT TIME ZONE 'UTC') + $14::int * interval '1 millisecond' FROM hits ORDER BY "key"
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= (now() AT TIME ZONE 'UTC') THEN EXCLUDED."count" ELSE "RateLimit"."count" + EXCLUDED."count" END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= (now() AT TIME ZONE 'UTC') THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "key", "count", (EXTRACT(EPOCH FROM ("resetAt" - (now() AT TIME ZONE 'UTC'))) * 1000)::float8 AS "retryAfterMs"
  ), ranked AS (
    SELECT e.*, CASE WHEN c."key" IS NULL THEN 0 ELSE c."count" - h."n" + row_number() OVER (PARTITION BY e."client" ORDER BY e."seq") END AS "position", c."retryAfterMs"
    FROM unseen e LEFT JOIN hits h ON h."key" = 'count:ip:' || e."client" LEFT JOIN caps c ON c."key" = h."key"
  ), allowed AS (
    SELECT * FROM ranked WHERE "position" <= $15::int
  ), receipts AS (
    -- The unique key settles a race between instances given the same id at
    -- once: the later insert waits for the earlier statement and, once that
    -- one committed, inserts nothing, so its count is a duplicate.
    INSERT INTO "CountReceipt" ("id", "at")
    SELECT "id", (now() AT TIME ZONE 'UTC') FROM allowed WHERE "id" IS NOT NULL ORDER BY 1
    ON CONFLICT DO NOTHING
    RETURNING "id"
  ), counted AS (
    SELECT * FROM allowed WHERE "id" IS NULL OR "id" IN (SELECT "id" FROM receipts)
  ), marks AS (
    INSERT INTO "DailyVisitorMark" ("pageId", "day", "hash")
    SELECT DISTINCT "owner", "day", "visitor" FROM counted ORDER BY 1, 2, 3
    ON CONFLICT DO NOTHING
    RETURNING "pageId", "day", "hash"
  ), fresh AS (
    -- The first count of a visitor not seen that day.
    SELECT min(c."seq") AS "seq" FROM counted c
    JOIN marks m ON m."pageId" = c."owner" AND m."day" = c."day" AND m."hash" = c."visitor"
    GROUP BY c."owner", c."day", c."visitor"
  ), totals AS (
    SELECT c."kind", c."target", c."owner", c."day", c."source", c."device", c."country",
      (c."kind" = 'view')::int AS "v", (c."kind" = 'click')::int AS "k", (c."seq" IN (SELECT "seq" FROM fresh))::int AS "u",
      (c."kind" = 'click' AND c."app")::int AS "a"
    FROM counted c
  ), link_totals AS (
    UPDATE "Link" l SET "clicks" = l."clicks" + t."n"
    FROM (SELECT "target", count(*)::int AS "n" FROM totals WHERE "kind" = 'click' GROUP BY "target") t
    WHERE l."id" = t."target"
  ), profiles AS (
    INSERT INTO "DailyProfileStat" ("pageId", "day", "views", "visitors", "clicks", "sentToApp")
    SELECT "owner", "day", sum("v"), sum("u"), sum("k"), sum("a") FROM totals GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("pageId", "day") DO UPDATE SET "views" = "DailyProfileStat"."views" + EXCLUDED."views",
      "visitors" = "DailyProfileStat"."visitors" + EXCLUDED."visitors", "clicks" = "DailyProfileStat"."clicks" + EXCLUDED."clicks",
      "sentToApp" = "DailyProfileStat"."sentToApp" + EXCLUDED."sentToApp"
  ), breakdowns AS (
    INSERT INTO "DailyBreakdownStat" ("pageId", "day", "kind", "value", "views", "clicks")
    SELECT t."owner", t."day", b."kind", b."value", sum(t."v"), sum(t."k")
    FROM totals t CROSS JOIN LATERAL (VALUES ('source', t."source"), ('device', t."device"), ('country', t."country")) AS b("kind", "value")
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("pageId", "day", "kind", "value") DO UPDATE SET "views" = "DailyBreakdownStat"."views" + EXCLUDED."views",
      "clicks" = "DailyBreakdownStat"."clicks" + EXCLUDED."clicks"
  ), link_days AS (
    INSERT INTO "DailyLinkStat" ("linkId", "day", "clicks")
    SELECT "target", "day", sum("k") FROM totals WHERE "kind" = 'click' GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("linkId", "day") DO UPDATE SET "clicks" = "DailyLinkStat"."clicks" + EXCLUDED."clicks"
  ), link_sources AS (
    INSERT INTO "DailyLinkSourceStat" ("linkId", "day", "source", "clicks")
    SELECT "target", "day", "source", sum("k") FROM totals WHERE "kind" = 'click' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("linkId", "day", "source") DO UPDATE SET "clicks" = "DailyLinkSourceStat"."clicks" + EXCLUDED."clicks"
  )
  SELECT r."seq", (r."seq" IN (SELECT "seq" FROM blocked)) AS "blocked", r."own",
    (r."seq" IN (SELECT "seq" FROM eligible)) AS "eligible", (r."id" IN (SELECT "id" FROM seen)) IS TRUE AS "seen",
    k."position"::int AS "position", k."retryAfterMs", (r."seq" IN (SELECT "seq" FROM counted)) AS "counted"
  FROM req r LEFT JOIN ranked k ON k."seq" = r."seq"`;

export async function storeCounts(requests: CountRequest[]): Promise<CountOutcome[]> {
  const targets = await resolveTargets(requests);
  const found = requests.flatMap((r, seq) => (targets[seq] ? [{ ...r, seq, ...targets[seq] }] : []));
  const outcomes: CountOutcome[] = requests.map(() => ({ status: "not_found" }));
  if (!found.length) return outcomes;
  // Copies of one id in this group (a retry sent before the first answer)
  // are decided once, by the first copy: they share its outcome, except that
  // a counted count is a duplicate for its copies.
  const firstOf = new Map<string, number>();
  const copies: [copy: number, first: number][] = [];
  const firsts = found.filter((f) => {
    const first = f.id === null ? undefined : firstOf.get(f.id);
    if (first !== undefined) copies.push([f.seq, first]);
    else if (f.id !== null) firstOf.set(f.id, f.seq);
    return first === undefined;
  });
  let partitionsMade = false;
  for (let attempt = 1; ; attempt++) {
    try {
      for (const row of await decideAndWrite(firsts)) outcomes[row.seq] = row.outcome;
      for (const [copy, first] of copies) outcomes[copy] = outcomes[first]!.status === "counted" ? { status: "duplicate" } : outcomes[first]!;
      return outcomes;
    } catch (error) {
      // A day whose month has no partition yet (the jobs make them ahead of
      // time, but a host may not have run them): the statement stored
      // nothing; the partition is made and the group retried, once.
      if (!partitionsMade && isMissingPartition(error)) {
        partitionsMade = true;
        await ensurePartitionsForDays(firsts.map((f) => f.day));
        continue;
      }
      // A deadlock or serialization failure rolled the statement back: safe to retry.
      if (attempt >= 3 || !/deadlock detected|could not serialize|40P01|40001/.test(String(error))) throw error;
    }
  }
}

/** The owner of each request's target (and a link's domains), or undefined when it is not countable. */
async function resolveTargets(requests: CountRequest[]): Promise<(Target | undefined)[]> {
  const names = unique(requests.filter((r) => r.kind === "view").map((r) => r.target));
  const ids = unique(requests.filter((r) => r.kind === "click").map((r) => r.target));
  const rows = await rawQuery<{ kind: CountKind; key: string; owner: string; url: string }>(RESOLVE, [names, ids, new Date().toISOString(), blocks.counted]);
  const byKey = new Map(rows.map((r) => [`${r.kind}:${r.key}`, { owner: r.owner, domains: r.kind === "click" ? domainsOf(r.url) : [] }]));
  return requests.map((r) => byKey.get(`${r.kind}:${r.target}`));
}

type Found = CountRequest & Target & { seq: number };

interface Decided {
  seq: number;
  outcome: CountOutcome;
}

/**
 * One statement: drops links to blocked domains, the owner's own visits and
 * ids already stored, applies the flood cap (LIMITS.countsPerClient, shared by every instance
 * through RateLimit: the hits of one client in a group are the last of its
 * window, in arrival order), records the receipts of the counted ids and,
 * for the counts whose receipt it inserted (or that have no id), the day's
 * visitor marks, and adds every
 * total: the links' lifetime clicks, the daily rows of pages, breakdowns,
 * links and link sources.
 */
async function decideAndWrite(found: Found[]): Promise<Decided[]> {
  const limit = LIMITS.countsPerClient;
  const column = <K extends keyof Found>(key: K) => found.map((f) => f[key]);
  const pairs = found.flatMap((f) => f.domains.map((domain) => [f.seq, domain] as const));
  const rows = await rawQuery<DecisionRow>(WRITE, [
    column("seq"),
    column("kind"),
    column("target"),
    column("owner"),
    found.map((f) => f.viewerPages.includes(f.owner)),
    column("client"),
    column("day"),
    column("source"),
    column("device"),
    column("country"),
    column("visitor"),
    pairs.map((p) => p[0]),
    pairs.map((p) => p[1]),
    limit.windowMs,
    limit.limit,
    column("id"),
    found.map((f) => f.sentToApp === true),
  ]);
  return rows.map((row) => ({ seq: row.seq, outcome: outcomeOf(row, limit.limit) }));
}

interface DecisionRow {
  seq: number;
  blocked: boolean;
  own: boolean;
  /** Not blocked, not the owner's, its page and link still there. */
  eligible: boolean;
  /** Its id was stored by an earlier statement. */
  seen: boolean;
  /** Its place in the client's window (null when not eligible or seen). */
  position: number | null;
  retryAfterMs: number | null;
  /** Added to the totals (its receipt, if it has an id, inserted by this statement). */
  counted: boolean;
}

function outcomeOf(row: DecisionRow, limit: number): CountOutcome {
  if (row.blocked || (!row.own && !row.eligible)) return { status: "not_found" };
  if (row.own) return { status: "ignored" };
  if (row.seen) return { status: "duplicate" };
  if (row.position !== null && row.position > limit) {
    return { status: "limited", retryAfter: Math.max(1, Math.ceil((row.retryAfterMs ?? 0) / 1000)) };
  }
  // Within the cap and not counted: another instance stored the same id in the meantime.
  return row.counted ? { status: "counted" } : { status: "duplicate" };
}

const unique = (values: string[]) => [...new Set(values)];

// A link's domains, kept per URL: the same few links are clicked again and
// again (a bounded map, emptied when full).
const domainsByUrl = new Map<string, string[]>();
const DOMAINS_MAX = 5_000;

function domainsOf(url: string): string[] {
  let domains = domainsByUrl.get(url);
  if (!domains) {
    const host = linkHost(url);
    domains = host ? domainCandidates(host) : [];
    if (domainsByUrl.size >= DOMAINS_MAX) domainsByUrl.clear();
    domainsByUrl.set(url, domains);
  }
  return domains;
}
