import "server-only";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { errorFields, log } from "@/lib/server/log";
import { addDays, saoPauloDay } from "./sao-paulo-days";

// Daily statistics are kept STATS_RETENTION_DAYS days; visitor keys and
// marks only for their own day; count receipts (lib/stats/count-store.ts) one
// hour, as long as a client's retry of a count is plausible. Every instance
// runs this every hour; an advisory lock lets one run at a time and the
// others skip, and every delete is idempotent, so instances never fight over it.

const EVERY_MS = 60 * 60_000;
const LOCK_ID = 7_413_013;
const RECEIPTS_KEPT_MS = 60 * 60_000;

export interface RetentionResult {
  ran: boolean;
  deleted: number;
}

/** Deletes the days before the retention window (São Paulo days, today included in it) and receipts older than an hour. */
export async function enforceRetention(now: Date = new Date()): Promise<RetentionResult> {
  const today = saoPauloDay(now);
  const firstKept = addDays(today, -(env().STATS_RETENTION_DAYS - 1));
  const oldestReceipt = new Date(now.getTime() - RECEIPTS_KEPT_MS).toISOString();
  return db.$transaction(async (tx) => {
    const [lock] = await tx.$queryRaw<{ ok: boolean }[]>`SELECT pg_try_advisory_xact_lock(${LOCK_ID}) AS ok`;
    if (!lock?.ok) return { ran: false, deleted: 0 };
    const counts = [
      await tx.$executeRaw`DELETE FROM "DailyProfileStat" WHERE "day" < ${firstKept}::date`,
      await tx.$executeRaw`DELETE FROM "DailyBreakdownStat" WHERE "day" < ${firstKept}::date`,
      await tx.$executeRaw`DELETE FROM "DailyLinkStat" WHERE "day" < ${firstKept}::date`,
      await tx.$executeRaw`DELETE FROM "DailyLinkSourceStat" WHERE "day" < ${firstKept}::date`,
      await tx.$executeRaw`DELETE FROM "DailyVisitorMark" WHERE "day" < ${today}::date`,
      await tx.$executeRaw`DELETE FROM "VisitorKey" WHERE "day" < ${today}::date`,
      // "at" holds UTC without a zone, as every timestamp of the schema.
      await tx.$executeRaw`DELETE FROM "CountReceipt" WHERE "at" < (${oldestReceipt}::timestamptz AT TIME ZONE 'UTC')`,
    ];
    return { ran: true, deleted: counts.reduce((a, b) => a + b, 0) };
  }, { timeout: 120_000 });
}

/** Runs the job now and every hour (never keeps the process alive). */
export function startRetentionJob() {
  const g = globalThis as typeof globalThis & { __vitrineRetention?: NodeJS.Timeout };
  if (g.__vitrineRetention) return;
  const run = () =>
    enforceRetention().then(
      (r) => r.deleted && log.info("stats.retention", { deleted: r.deleted }),
      (error: unknown) => log.warn("stats.retention_failed", errorFields(error)),
    );
  void run();
  g.__vitrineRetention = setInterval(run, EVERY_MS);
  g.__vitrineRetention.unref();
}
