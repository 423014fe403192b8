import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "./errors";
import { db } from "./db";

// Fixed-window counters in the database, so every instance shares them and
// they survive restarts. One atomic upsert per hit: no read-then-write race.

export interface Limit {
  limit: number;
  windowMs: number;
}

export const LIMITS = {
  loginFailuresPerEmail: { limit: 10, windowMs: 15 * 60_000 },
  /** Failures on any way into an account (lib/accounts/auth-budget.ts). */
  authFailuresPerIp: { limit: 100, windowMs: 15 * 60_000 },
  signupsPerIp: { limit: 20, windowMs: 60 * 60_000 },
  usernameChecksPerIp: { limit: 120, windowMs: 60_000 },
  countsPerClient: { limit: 60, windowMs: 60_000 },
  /** Webhook endpoints created and 'Enviar teste' sent, together, per account (api.md, Bounded webhooks). */
  webhookWritesPerAccount: { limit: 20, windowMs: 60 * 60_000 },
  /**
   * A broadcast's 'Enviar teste', per account: it reaches only the caller's own
   * inbox, but through the operator's sending address, whose reputation a
   * loop of tests would spend (api.md, Write to your list).
   */
  broadcastTestsPerAccount: { limit: 10, windowMs: 60 * 60_000 },
  /** GET /api/qr: each code is drawn anew (api.md, Limits across keys). */
  qrCodesPerIp: { limit: 60, windowMs: 60_000 },
} as const satisfies Record<string, Limit>;

export interface LimitState {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/** Retry-After for a window that ends in `ms`: whole seconds, at least one. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function toState(row: { count: number; retryAfterMs: number } | undefined, limit: Limit): LimitState {
  const count = row?.count ?? 0;
  return { allowed: count <= limit.limit, count, retryAfterSeconds: retryAfterSeconds(row?.retryAfterMs ?? limit.windowMs) };
}

/**
 * A limit per client address when no address is known (no trusted proxy and
 * no server.mjs: lib/server/request.ts) would be one bucket for everyone, and
 * one client could lock every sign-in out: such keys are not limited, and the
 * limits per account, e-mail or user still apply.
 */
export const isLimitedKey = (key: string) => !key.endsWith(":ip:unknown");
const UNLIMITED: LimitState = { allowed: true, count: 0, retryAfterSeconds: 1 };

/**
 * The statement that counts one hit against each key (limited keys only, at
 * least one), its window starting at the first: each key's `count` and the
 * milliseconds to its reset (`retryAfterMs`). A statement of its own, or a
 * part of a larger one (lib/audience/subscribe-limit-hits.ts).
 */
export function countHitsSql(hits: readonly { key: string; limit: Limit }[]): Prisma.Sql {
  // Times are UTC wall-clock values, as Prisma stores DateTime columns.
  const values = Prisma.join(hits.map((h) => Prisma.sql`(${h.key}, 1, (now() AT TIME ZONE 'UTC') + ${h.limit.windowMs} * interval '1 millisecond')`));
  return Prisma.sql`INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES ${values}
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= (now() AT TIME ZONE 'UTC') THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= (now() AT TIME ZONE 'UTC') THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "key", "count", (EXTRACT(EPOCH FROM ("resetAt" - (now() AT TIME ZONE 'UTC'))) * 1000)::float8 AS "retryAfterMs"`;
}

/** Counts one hit against `key` and says whether it is within the limit. */
export async function hit(key: string, limit: Limit): Promise<LimitState> {
  if (!isLimitedKey(key)) return UNLIMITED;
  const rows = await db.$queryRaw<{ count: number; retryAfterMs: number }[]>(countHitsSql([{ key, limit }]));
  return toState(rows[0], limit);
}

/** Reads the state of `key` without counting (for limits on failures only). */
export async function peek(key: string, limit: Limit): Promise<LimitState> {
  if (!isLimitedKey(key)) return UNLIMITED;
  const rows = await db.$queryRaw<{ count: number; retryAfterMs: number }[]>`
    SELECT "count", (EXTRACT(EPOCH FROM ("resetAt" - (now() AT TIME ZONE 'UTC'))) * 1000)::float8 AS "retryAfterMs"
    FROM "RateLimit" WHERE "key" = ${key} AND "resetAt" > (now() AT TIME ZONE 'UTC')`;
  const state = toState(rows[0], limit);
  return { ...state, allowed: state.count < limit.limit };
}

/** Counts a hit and throws 429 (with Retry-After) past the limit. */
export async function enforce(key: string, limit: Limit): Promise<void> {
  const state = await hit(key, limit);
  if (!state.allowed) throw new AppError("rate_limited", { retryAfter: state.retryAfterSeconds });
}
