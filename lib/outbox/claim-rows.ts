import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/server/db";
import type { ClaimedRow, OutboxKind } from "./outbox-kind";

// Claims: one atomic UPDATE … RETURNING per claim, so two senders, in one
// process or several, never take the same row (the due rows are picked FOR
// UPDATE SKIP LOCKED; rows named by id are re-checked by the UPDATE itself
// once a concurrent claim commits). A claim counts an attempt and lasts the
// kind's claimMs: a sender that dies or is frozen mid-send leaves the row to
// the next one once it passes. Timestamps are UTC wall-clock values
// (timestamp without time zone).

/** Which rows a claim takes, as SQL on the table aliased `d`. */
export type Which = (kind: OutboxKind<ClaimedRow>, now: Date) => Prisma.Sql;

const tableOf = (kind: OutboxKind<ClaimedRow>) => Prisma.raw(`"${kind.table}"`);
const unclaimed = (now: Date) => Prisma.sql`(d."lockedUntil" IS NULL OR d."lockedUntil" < ${now}::timestamp)`;

/** Up to `limit` rows due by `dueBy` that no one holds, the longest due first. */
export const due =
  (limit: number, dueBy?: Date): Which =>
  (kind, now) => Prisma.sql`d."id" IN (
      SELECT d."id" FROM ${tableOf(kind)} AS d
      WHERE ${kind.open} AND d."nextAttemptAt" <= ${dueBy ?? now}::timestamp AND ${unclaimed(now)}
      ORDER BY d."nextAttemptAt" LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)`;

/** Rows `ids` never tried (their first try, right after the request that wrote them), unless someone took them already or they are closed. */
export const firstTries =
  (ids: readonly string[]): Which =>
  (kind) =>
    Prisma.sql`d."id" IN (${Prisma.join(ids)}) AND d."attempts" = 0 AND ${kind.open}`;

/** Rows `ids` if they are due and no one holds them (a retry made where the attempt failed: the jobs may have taken it first). */
export const dueOf =
  (ids: readonly string[]): Which =>
  (kind, now) =>
    Prisma.sql`d."id" IN (${Prisma.join(ids)}) AND ${kind.open} AND d."nextAttemptAt" <= ${now}::timestamp AND ${unclaimed(now)}`;

/** Claims the rows `which` selects for `workerId`, reading what their send needs in the same statement. */
export function claimRows<Row extends ClaimedRow>(client: Db, kind: OutboxKind<Row>, workerId: string, now: Date, which: Which): Promise<Row[]> {
  const join = kind.join;
  return client.$queryRaw<Row[]>`
    UPDATE ${tableOf(kind)} AS d SET "lockedBy" = ${workerId}, "attempts" = d."attempts" + 1,
      "lockedUntil" = ${now}::timestamp + ${kind.claimMs} * interval '1 millisecond'
    ${join ? Prisma.sql`FROM ${join.table} AS e` : Prisma.empty}
    WHERE ${join ? Prisma.sql`${join.on} AND` : Prisma.empty} ${which(kind, now)}
    RETURNING d."id", d."attempts", ${kind.columns}`;
}

/**
 * Claims as `claimRows` does, first taking one of the kind's slots per row
 * when it has slots (so a claim starts when its send can): as many as are
 * free, up to `limit`; with `wait`, at least one, waiting for it. Slots not
 * used are given back. Null when no slot is free (and `wait` is false).
 */
export async function claimInSlots<Row extends ClaimedRow>(
  client: Db,
  kind: OutboxKind<Row>,
  workerId: string,
  now: Date,
  which: (limit: number) => Which,
  limit: number,
  wait: boolean,
): Promise<Row[] | null> {
  const slots = kind.slots?.();
  if (!slots) return claimRows(client, kind, workerId, now, which(limit));
  let taken = slots.tryTake(limit);
  if (!taken && !wait) return null;
  if (!taken) {
    await slots.take();
    taken = 1;
  }
  try {
    const rows = await claimRows(client, kind, workerId, now, which(taken));
    slots.give(taken - rows.length);
    return rows;
  } catch (error) {
    slots.give(taken);
    throw error;
  }
}

/** Rows whose turn came too late for their claim: the claim is given back, and the attempt it counted. */
export async function releaseRows(client: Db, kind: OutboxKind<ClaimedRow>, workerId: string, ids: readonly string[]): Promise<void> {
  await client.$executeRaw`
    UPDATE ${tableOf(kind)} AS d SET "attempts" = d."attempts" - 1, "lockedBy" = NULL, "lockedUntil" = NULL
    WHERE d."id" IN (${Prisma.join(ids)}) AND d."lockedBy" = ${workerId} AND ${kind.open}`;
}

export { tableOf };
