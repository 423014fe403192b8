import "server-only";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { LIMITS, hit } from "@/lib/server/rate-limit";
import { clientIp } from "@/lib/server/request";
import { log } from "@/lib/server/log";
import { isReservedUsername, isValidUsername } from "@/lib/accounts/username";
import { inWindowWhere } from "@/lib/links/link-schedule";
import { isBot } from "./bots";
import { saoPauloDay } from "./days";

// Views and clicks, in the order api.md fixes: bots answer 204 and count
// nothing; a missing target is a 404; a flood from one client is a 429; every
// other request is exactly one count, stored by an atomic upsert before the
// 204 (no read-then-write, so nothing is lost however many arrive at once).

export type CountResult = "counted" | "ignored";

async function floodCheck(req: Request) {
  const state = await hit(`count:ip:${clientIp(req)}`, LIMITS.countsPerClient);
  if (!state.allowed) throw new AppError("rate_limited", { retryAfter: state.retryAfterSeconds });
}

const notFound = () => new AppError("not_found");

export async function recordProfileView(req: Request, username: string): Promise<CountResult> {
  if (isBot(req.headers.get("user-agent"))) return "ignored";
  if (!isValidUsername(username) || isReservedUsername(username)) throw notFound();
  const page = await db.user.findFirst({ where: { username, pageActive: true }, select: { id: true } });
  if (!page) throw notFound();
  await floodCheck(req);
  const day = saoPauloDay();
  await db.$executeRaw`
    INSERT INTO "DailyProfileStat" ("userId", "day", "views", "clicks")
    VALUES (${page.id}, ${day}::date, 1, 0)
    ON CONFLICT ("userId", "day") DO UPDATE SET "views" = "DailyProfileStat"."views" + 1`;
  return "counted";
}

/** An active link (not a section title, inside its schedule) of an active page (optionally of that owner), or null. */
export async function findCountableLink(linkId: string, ownerUsername?: string) {
  return db.link.findFirst({
    where: {
      id: linkId,
      active: true,
      kind: "link",
      ...inWindowWhere(new Date()),
      user: { pageActive: true, ...(ownerUsername ? { username: ownerUsername } : {}) },
    },
    select: { id: true, url: true },
  });
}

export async function recordLinkClick(req: Request, linkId: string): Promise<CountResult> {
  if (isBot(req.headers.get("user-agent"))) return "ignored";
  const link = await findCountableLink(linkId);
  if (!link) throw notFound();
  await floodCheck(req);
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
  if (!counted[0]?.n) throw notFound();
}

/**
 * The short-link page /:username/:linkId: people are counted (within the
 * flood cap, which never blocks the redirect), bots are only redirected.
 */
export async function followLink(req: Request, username: string, linkId: string): Promise<string | null> {
  const link = await findCountableLink(linkId, username);
  if (!link) return null;
  if (!isBot(req.headers.get("user-agent"))) {
    const state = await hit(`count:ip:${clientIp(req)}`, LIMITS.countsPerClient);
    if (state.allowed) await countClick(link.id).catch((error: unknown) => log.warn("count.click_failed", { error: String(error) }));
  }
  return link.url;
}
