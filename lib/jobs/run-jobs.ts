import "server-only";
import { db } from "@/lib/server/db";
import { errorFields, log } from "@/lib/server/log";
import type { Batch, Job, StepContext } from "./job";

// Runs a list of jobs in turn, each in batches, all within one deadline.

export type JobsReport = Record<string, Batch>;

/** Keys of the advisory locks: (this namespace, hashtext of the job's name). */
const LOCK_NAMESPACE = 7_413_024;
/** The longest one locked batch may take before its transaction is cut off. */
const STEP_TIMEOUT_MS = 45_000;

interface RunOptions {
  /** Milliseconds the whole run may take (a batch started before it ends is finished). */
  deadlineMs: number;
  now?: Date;
}

export async function runJobs(jobs: Job[], options: RunOptions): Promise<JobsReport> {
  const deadline = Date.now() + options.deadlineMs;
  const report: JobsReport = {};
  for (const job of jobs) {
    report[job.name] = await runJob(job, { now: options.now ?? new Date(), deadline });
  }
  return report;
}

async function runJob(job: Job, ctx: StepContext): Promise<Batch> {
  let done = 0;
  try {
    for (;;) {
      if (Date.now() >= ctx.deadline) return { done, more: true };
      const batch = await step(job, ctx);
      // Another run holds this job: it does the rest.
      if (!batch) return { done, more: true };
      done += batch.done;
      if (!batch.more) return { done, more: false };
    }
  } catch (error) {
    // One job's failure (a service out of reach) does not stop the others; the next call retries.
    log.warn("jobs.failed", { job: job.name, ...errorFields(error) });
    return { done, more: true };
  }
}

function step(job: Job, ctx: StepContext): Promise<Batch | null> {
  if (job.kind === "self-guarded") return job.step(ctx);
  return db.$transaction(
    async (tx) => {
      const [lock] = await tx.$queryRaw<{ ok: boolean }[]>`
        SELECT pg_try_advisory_xact_lock(${LOCK_NAMESPACE}::int4, hashtext(${job.name})) AS ok`;
      if (!lock?.ok) return null;
      return job.step(tx, ctx);
    },
    { timeout: STEP_TIMEOUT_MS },
  );
}
