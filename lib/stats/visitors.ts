import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { db } from "@/lib/server/db";
import { errorFields, log } from "@/lib/server/log";
import { processState } from "@/lib/server/host.mjs";

// Unique visitors without storing anything that identifies one (api.md,
// Insights): a visitor is the keyed hash of client address and User-Agent.
// The key is random, one per São Paulo day, shared by every instance through
// the database, and deleted with that day's marks once the day is over, so a
// hash cannot be recomputed or linked to another day.

const cache = processState<{ current?: { day: string; key: Promise<string> } }>("visitor-key", () => ({}));

/** The key of a São Paulo day ("YYYY-MM-DD"), created by whichever instance asks first. */
export function visitorKey(day: string): Promise<string> {
  const cached = cache.current;
  if (cached?.day === day) return cached.key;
  const key = loadKey(day);
  cache.current = { day, key };
  key.catch(() => {
    if (cache.current?.key === key) cache.current = undefined;
  });
  return key;
}

async function loadKey(day: string): Promise<string> {
  // Two tries: an instance creating the same day's key at the same moment
  // commits after this statement's snapshot was taken.
  for (let attempt = 0; attempt < 2; attempt++) {
    const key = await insertOrReadKey(day);
    if (key) {
      void dropPastDays(day);
      return key;
    }
  }
  throw new Error("visitor key missing");
}

async function insertOrReadKey(day: string): Promise<string | undefined> {
  const rows = await db.$queryRaw<{ key: string }[]>`
    WITH ins AS (
      INSERT INTO "VisitorKey" ("day", "key") VALUES (${day}::date, ${randomBytes(32).toString("base64url")})
      ON CONFLICT ("day") DO NOTHING RETURNING "key"
    )
    SELECT "key" FROM ins UNION ALL SELECT "key" FROM "VisitorKey" WHERE "day" = ${day}::date`;
  return rows[0]?.key;
}

/** 128 bits of HMAC-SHA256(day key, address and User-Agent). */
export function visitorHash(key: string, ip: string, userAgent: string): string {
  return createHmac("sha256", key).update(`${ip}\n${userAgent}`).digest("base64url").slice(0, 22);
}

/** A new day began: the keys and marks of earlier days go at once (the hourly job catches any left). */
async function dropPastDays(today: string) {
  try {
    await db.$executeRaw`DELETE FROM "VisitorKey" WHERE "day" < ${today}::date`;
    await db.$executeRaw`DELETE FROM "DailyVisitorMark" WHERE "day" < ${today}::date`;
  } catch (error) {
    log.warn("stats.visitor_keys_cleanup_failed", errorFields(error));
  }
}
