import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

// What a job is, for the feature modules that define them (lib/<feature>/
// *-jobs.ts) and the list that runs them (lib/startup/app-jobs.ts). A job works in
// batches; the runner calls `step` until it reports nothing more or the
// shared deadline passes, so no call holds a lock or a connection for long.

/** An interactive transaction's client. */
import type { Tx } from "@/lib/server/db";
export type { Tx };

export interface Batch {
  /** Pieces of work done by this batch (rows deleted, messages sent, …). */
  done: number;
  /** True when more is due right now. */
  more: boolean;
}

export interface StepContext {
  now: Date;
  /** When the whole run must end (Date.now() scale): I/O should stop short of it. */
  deadline: number;
}

/**
 * A job whose every batch runs in one short transaction that first takes the
 * job's advisory lock (pg_try_advisory_xact_lock, which a transaction pooler
 * keeps and PGlite has): a second caller meanwhile sees it held and skips,
 * so two runs at once never do the same piece twice.
 */
interface LockedJob {
  name: string;
  kind: "locked";
  step: (tx: Tx, ctx: StepContext) => Promise<Batch>;
}

/**
 * A job that guards each piece itself (e-mail claims rows with FOR UPDATE
 * SKIP LOCKED) and must not sit in a transaction (an SMTP send may take 20 s).
 */
interface SelfGuardedJob {
  name: string;
  kind: "self-guarded";
  step: (ctx: StepContext) => Promise<Batch>;
}

export type Job = LockedJob | SelfGuardedJob;

export const DELETE_BATCH = 5_000;

/** One table's rows that are past their time: `where` is a SQL condition on its columns. */
export interface Expiry {
  table: string;
  where: (now: Date) => Prisma.Sql;
}

/**
 * A job that deletes expired rows from one or more tables, at most
 * DELETE_BATCH rows per transaction (by ctid, so no lock is held long and
 * concurrent writers are not blocked), table after table.
 */
export function deletionJob(name: string, expiries: Expiry[]): LockedJob {
  let current = 0;
  return {
    name,
    kind: "locked",
    async step(tx, { now }) {
      const expiry = expiries[current];
      if (!expiry) return { done: 0, more: false };
      const table = Prisma.raw(`"${expiry.table}"`);
      const done = await tx.$executeRaw`
        DELETE FROM ${table} WHERE ctid IN (
          SELECT ctid FROM ${table} WHERE (${expiry.where(now)}) LIMIT ${DELETE_BATCH})`;
      if (done < DELETE_BATCH) current += 1;
      return { done, more: current < expiries.length };
    },
  };
}

/** `now` as the schema's timestamps hold it: UTC wall-clock, without a zone. */
export const utc = (date: Date) => Prisma.sql`(${date.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
