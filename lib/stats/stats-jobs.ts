import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { DELETE_BATCH, deletionJob, utc, type Expiry, type Job } from "@/lib/jobs/job";
import { env } from "@/lib/server/env";
import { dropPartition, ensurePartitions, listPartitions, MONTHS_AHEAD } from "./partitions";
import { addDays, saoPauloDay } from "@/lib/dates/sao-paulo-days";

// Daily statistics are kept STATS_RETENTION_DAYS days; visitor keys and
// marks only for their own day; count receipts (lib/stats/count-store.ts) one
// hour, as long as a client's retry of a count is plausible. Every delete is
// idempotent and batched (lib/jobs/job.ts), so a run never holds a lock long.
// The tables partitioned by month (lib/stats/partitions.ts) lose whole months
// at once, and only their boundary month's days row by row.

const RECEIPTS_KEPT_MS = 60 * 60_000;

const beforeDay = (day: (now: Date) => string) => (now: Date) => Prisma.sql`"day" < ${day(now)}::date`;
/** The first São Paulo day kept (today included in the window). */
const firstKept = (now: Date) => addDays(saoPauloDay(now), -(env().STATS_RETENTION_DAYS - 1));

// PlatformDailyStat last: the triggers take each day's rows out of it as
// they are deleted from DailyProfileStat, before its own row goes.
const DAILY: Expiry[] = ["DailyProfileStat", "PlatformDailyStat"].map((table) => ({
  table,
  where: beforeDay(firstKept),
}));

/**
 * The partitioned tables' upkeep, one short step per transaction: this month's
 * partitions and MONTHS_AHEAD more; then each partition whose every day is
 * past the window, detached and dropped (one a step); then the expired days
 * of the month the window begins in, DELETE_BATCH rows a step. Reports rows
 * deleted plus partitions made and dropped.
 */
function partitionJob(): Job {
  let ensured = false;
  let boundary: string[] | undefined;
  return {
    name: "stats.partitions",
    kind: "locked",
    async step(tx, { now }) {
      if (!ensured) {
        ensured = true;
        return { done: await ensurePartitions(now, MONTHS_AHEAD, tx), more: true };
      }
      const first = firstKept(now);
      const partitions = await listPartitions(tx);
      const expired = partitions.find((p) => p.to <= first);
      if (expired) {
        await dropPartition(tx, expired);
        return { done: 1, more: true };
      }
      boundary ??= partitions.filter((p) => p.from < first && first < p.to).map((p) => p.name);
      const name = boundary[0];
      if (!name) return { done: 0, more: false };
      const table = Prisma.raw(`"${name}"`);
      const done = await tx.$executeRaw`
        DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE "day" < ${first}::date LIMIT ${DELETE_BATCH})`;
      if (done < DELETE_BATCH) boundary.shift();
      return { done, more: boundary.length > 0 };
    },
  };
}

export function statsJobs(): Job[] {
  return [
    partitionJob(),
    deletionJob("stats.retention", DAILY),
    deletionJob("stats.visitor-days", [
      { table: "DailyVisitorMark", where: beforeDay(saoPauloDay) },
      { table: "VisitorKey", where: beforeDay(saoPauloDay) },
    ]),
    deletionJob("stats.receipts", [{ table: "CountReceipt", where: (now) => Prisma.sql`"at" < ${utc(new Date(now.getTime() - RECEIPTS_KEPT_MS))}` }]),
  ];
}
