import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { utc } from "@/lib/jobs/job";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { countHitsSql, isLimitedKey, retryAfterSeconds, type Limit } from "@/lib/server/rate-limit";
import type { VerifiedProof } from "./proof-of-work";

// A sign-up's limits and its proof, counted in one statement (a flood makes
// every round trip count): the same fixed windows as lib/server/rate-limit.ts
// (the shared RateLimit table, one atomic upsert per key), and the proof's
// SpentProof row, whose insert only the first use of a challenge makes.
// A key by client address that is "unknown" limits nothing (rate-limit.ts).

export interface LimitHit {
  key: string;
  limit: Limit;
}

export interface HitsResult {
  /** The first limit passed, in the order given, with its Retry-After; null when none. */
  over: { key: string; retryAfterSeconds: number } | null;
  /** False when the proof had been used already (a replay); true when spent now or when there was none. */
  proofSpent: boolean;
}

export async function hitLimitsAndSpend(hits: LimitHit[], proof: VerifiedProof | null): Promise<HitsResult> {
  const counted = hits.filter((h) => isLimitedKey(h.key));
  const rows = await db.$queryRaw<{ key: string; count: number; retryAfterMs: number; spent: boolean }[]>`
    WITH spent AS (
      INSERT INTO "SpentProof" ("id", "expiresAt")
      SELECT ${proof?.id ?? ""}::text, ${utc(proof?.expiresAt ?? new Date())} WHERE ${proof !== null}::boolean
      ON CONFLICT ("id") DO NOTHING
      RETURNING "id"
    ), hits AS (
      ${counted.length ? countHitsSql(counted) : Prisma.sql`SELECT NULL::text AS "key", 0 AS "count", 0::float8 AS "retryAfterMs" WHERE false`}
    )
    SELECT h."key", h."count", h."retryAfterMs", EXISTS (SELECT 1 FROM spent) AS "spent" FROM hits h
    UNION ALL SELECT NULL, 0, 0, EXISTS (SELECT 1 FROM spent)`;
  const byKey = new Map(rows.filter((r) => r.key !== null).map((r) => [r.key, r]));
  let over: HitsResult["over"] = null;
  for (const h of counted) {
    const row = byKey.get(h.key);
    if (row && row.count > h.limit.limit) {
      over = { key: h.key, retryAfterSeconds: retryAfterSeconds(row.retryAfterMs) };
      break;
    }
  }
  return { over, proofSpent: proof === null || Boolean(rows.find((r) => r.key === null)?.spent) };
}

export const tooMany = (retryAfter: number) => new AppError("rate_limited", { retryAfter });
