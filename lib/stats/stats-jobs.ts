import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { deletionJob, utc, type Expiry, type Job } from "@/lib/jobs/job";
import { env } from "@/lib/server/env";
import { addDays, saoPauloDay } from "./sao-paulo-days";

// Daily statistics are kept STATS_RETENTION_DAYS days; visitor keys and
// marks only for their own day; count receipts (lib/stats/count-store.ts) one
// hour, as long as a client's retry of a count is plausible. Every delete is
// idempotent and batched (lib/jobs/job.ts), so a run never holds a lock long.

const RECEIPTS_KEPT_MS = 60 * 60_000;

const beforeDay = (day: (now: Date) => string) => (now: Date) => Prisma.sql`"day" < ${day(now)}::date`;
/** The first São Paulo day kept (today included in the window). */
const firstKept = (now: Date) => addDays(saoPauloDay(now), -(env().STATS_RETENTION_DAYS - 1));

// PlatformDailyStat last: the triggers take each day's rows out of it as
// they are deleted from DailyProfileStat, before its own row goes.
const DAILY: Expiry[] = ["DailyProfileStat", "DailyBreakdownStat", "DailyLinkStat", "DailyLinkSourceStat", "PlatformDailyStat"].map((table) => ({
  table,
  where: beforeDay(firstKept),
}));

export function statsJobs(): Job[] {
  return [
    deletionJob("stats.retention", DAILY),
    deletionJob("stats.visitor-days", [
      { table: "DailyVisitorMark", where: beforeDay(saoPauloDay) },
      { table: "VisitorKey", where: beforeDay(saoPauloDay) },
    ]),
    deletionJob("stats.receipts", [
      { table: "CountReceipt", where: (now) => Prisma.sql`"at" < ${utc(new Date(now.getTime() - RECEIPTS_KEPT_MS))}` },
    ]),
  ];
}
