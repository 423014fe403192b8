import "server-only";
import { runJobs } from "@/lib/jobs/run-jobs";
import { statsJobs } from "./stats-jobs";

// The statistics' retention (lib/stats/stats-jobs.ts), run to its end at
// once: for scripts and tests. The app runs it with every other job
// (lib/startup/app-jobs.ts).

interface RetentionResult {
  /** False when another run held every one of the jobs. */
  ran: boolean;
  deleted: number;
}

export async function enforceRetention(now: Date = new Date()): Promise<RetentionResult> {
  const report = await runJobs(statsJobs(), { deadlineMs: 10 * 60_000, now });
  const results = Object.values(report);
  return {
    ran: results.some((r) => !r.more),
    deleted: results.reduce((n, r) => n + r.done, 0),
  };
}
