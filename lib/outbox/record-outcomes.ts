import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/server/db";
import { tableOf } from "./claim-rows";
import type { ClaimedRow, OutboxKind, Outcome } from "./outbox-kind";

// Outcomes written on their rows, each still the sender's claim (a claim
// that passed and was taken by another sender is not overwritten): sent, due
// again after the kind's next wait (the backoff), or given up after its last.

/** Rows due again within this long of a failure are retried by the process that made the attempt (a webhook's first retry, 5 s). */
export const RETRY_HERE_MS = 10_000;

/** Failed rows due again soon (RETRY_HERE_MS), and when. */
export interface Retries {
  ids: string[];
  at: Date;
}

const assignments = (sets: readonly Prisma.Sql[]) => Prisma.join(sets, ", ");

/** The wait before a row's next attempt, after its `attempts`-th; null when that was its last. */
export function nextWait(kind: OutboxKind<ClaimedRow>, attempts: number): number | null {
  if (attempts > kind.retryDelaysMs.length) return null;
  return kind.retryDelaysMs[Math.max(attempts, 1) - 1]!;
}

/**
 * Writes `outcomes` of rows claimed by `workerId`: the sent ones in one
 * statement per answer code, each failure on its own; then the kind's own
 * bookkeeping. Returns the retries due soon.
 */
export async function recordOutcomes<Row extends ClaimedRow>(
  client: Db,
  kind: OutboxKind<Row>,
  workerId: string,
  outcomes: readonly Outcome<Row>[],
  now: Date,
): Promise<Retries | null> {
  const table = tableOf(kind);
  const byCode = new Map<number | null | undefined, string[]>();
  for (const o of outcomes) {
    if (o.error) continue;
    const ids = byCode.get(o.code);
    if (ids) ids.push(o.row.id);
    else byCode.set(o.code, [o.row.id]);
  }
  for (const [code, ids] of byCode) {
    await client.$executeRaw`
      UPDATE ${table} AS d SET ${assignments([...kind.sentSet(code, now), Prisma.sql`"lastError" = NULL, "lockedUntil" = NULL`])}
      WHERE d."id" IN (${Prisma.join(ids)}) AND d."lockedBy" = ${workerId}`;
  }
  const soon: string[] = [];
  let soonest = Infinity;
  for (const o of outcomes) {
    if (!o.error) continue;
    const wait = o.final ? null : nextWait(kind, o.row.attempts);
    const next = wait === null ? Prisma.empty : Prisma.sql`, "nextAttemptAt" = ${new Date(now.getTime() + wait)}::timestamp`;
    // Released (lockedUntil null): whoever claims it first once it is due sends it.
    const written = await client.$executeRaw`
      UPDATE ${table} AS d SET ${assignments([...kind.failedSet(o, wait === null, now), Prisma.sql`"lastError" = ${o.error}, "lockedUntil" = NULL${next}`])}
      WHERE d."id" = ${o.row.id} AND d."lockedBy" = ${workerId}`;
    if (written && wait !== null && wait <= RETRY_HERE_MS) {
      soon.push(o.row.id);
      soonest = Math.min(soonest, now.getTime() + wait);
    }
  }
  await kind.recorded?.(client, outcomes, now);
  return soon.length ? { ids: soon, at: new Date(soonest) } : null;
}
