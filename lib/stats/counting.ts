import "server-only";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { LIMITS, hit } from "@/lib/server/rate-limit";
import { clientIp } from "@/lib/server/request";
import { log } from "@/lib/server/log";
import { countRecorded, countRefused, type CountKind } from "@/lib/server/metrics";
import { isReservedUsername, isValidUsername } from "@/lib/accounts/username";
import { isBot } from "./bots";
import { saoPauloDay } from "./days";

// Views and clicks, in the order api.md fixes: bots answer 204 and count
// nothing; a missing target is a 404; a flood from one client is a 429; every
// other request is exactly one count, stored by an atomic upsert before the
// 204 (no read-then-write, so nothing is lost however many arrive at once).

export type CountResult = "counted" | "ignored";

async function floodCheck(req: Request, kind: CountKind) {
  const state = await hit(`count:ip:${clientIp(req)}`, LIMITS.countsPerClient);
  if (state.allowed) return;
  countRefused(kind, "rate_limited");
  throw new AppError("rate_limited", { retryAfter: state.retryAfterSeconds });
}

function notFound(kind: CountKind) {
  countRefused(kind, "not_found");
  return new AppError("not_found");
}

/** A bot or link-preview fetcher: answered, never counted. */
function fromBot(req: Request, kind: CountKind): boolean {
  if (!isBot(req.headers.get("user-agent"))) return false;
  countRefused(kind, "bot");
  return true;
}

export async function recordProfileView(req: Request, username: string): Promise<CountResult> {
  if (fromBot(req, "view")) return "ignored";
  if (!isValidUsername(username) || isReservedUsername(username)) throw notFound("view");
  const page = await db.user.findFirst({ where: { username, pageActive: true }, select: { id: true } });
  if (!page) throw notFound("view");
  await floodCheck(req, "view");
  const day = saoPauloDay();
  await db.$executeRaw`
    INSERT INTO "DailyProfileStat" ("userId", "day", "views", "clicks")
    VALUES (${page.id}, ${day}::date, 1, 0)
    ON CONFLICT ("userId", "day") DO UPDATE SET "views" = "DailyProfileStat"."views" + 1`;
  countRecorded("view");
  return "counted";
}

/** An active link of an active page (optionally of that owner), or null. */
export async function findCountableLink(linkId: string, ownerUsername?: string) {
  return db.link.findFirst({
    where: { id: linkId, active: true, user: { pageActive: true, ...(ownerUsername ? { username: ownerUsername } : {}) } },
    select: { id: true, url: true },
  });
}

export async function recordLinkClick(req: Request, linkId: string): Promise<CountResult> {
  if (fromBot(req, "click")) return "ignored";
  const link = await findCountableLink(linkId);
  if (!link) throw notFound("click");
  await floodCheck(req, "click");
  await countClick(link.id);
  return "counted";
}

async function countClick(linkId: string) {
  const day = saoPauloDay();
  // One statement: the link's total, its day and its owner's day move together.
  const counted = await db.$queryRaw<{ n: number }[]>`
    WITH l AS (
      UPDATE "Link" SET "clicks" = "Link"."clicks" + 1
      FROM "User" u
      WHERE "Link"."id" = ${linkId} AND "Link"."active" AND u."id" = "Link"."userId" AND u."pageActive"
      RETURNING "Link"."id", "Link"."userId"
    ), d AS (
      INSERT INTO "DailyLinkStat" ("linkId", "day", "clicks")
      SELECT "id", ${day}::date, 1 FROM l
      ON CONFLICT ("linkId", "day") DO UPDATE SET "clicks" = "DailyLinkStat"."clicks" + 1
    ), p AS (
      INSERT INTO "DailyProfileStat" ("userId", "day", "views", "clicks")
      SELECT "userId", ${day}::date, 0, 1 FROM l
      ON CONFLICT ("userId", "day") DO UPDATE SET "clicks" = "DailyProfileStat"."clicks" + 1
    )
    SELECT count(*)::int AS n FROM l`;
  if (!counted[0]?.n) throw notFound("click");
  countRecorded("click");
}

/**
 * The short-link page /:username/:linkId: people are counted (within the
 * flood cap, which never blocks the redirect), bots are only redirected.
 */
export async function followLink(req: Request, username: string, linkId: string): Promise<string | null> {
  const link = await findCountableLink(linkId, username);
  if (!link) return null;
  if (!fromBot(req, "click")) {
    const state = await hit(`count:ip:${clientIp(req)}`, LIMITS.countsPerClient);
    if (state.allowed) await countClick(link.id).catch((error: unknown) => log.warn("count.click_failed", { error: String(error) }));
    else countRefused("click", "rate_limited");
  }
  return link.url;
}
