import "server-only";
import { isServerless } from "@/lib/server/env";
import { processState } from "@/lib/server/host.mjs";
import { errorFields, log } from "@/lib/server/log";
import type { JobsReport } from "./run-jobs";

// A long-lived host (npm start) runs the jobs itself: at start, then every
// minute, one run at a time. A serverless host starts no timer: there
// GET /api/cron/jobs, called by the platform's scheduler, runs them. Which
// jobs is start-up's to say (lib/startup/app-jobs.ts).

const EVERY_MS = 60_000;
const schedule = processState<{ timer?: NodeJS.Timeout }>("job-schedule", () => ({}));

/** Runs `run` at once, then every minute, once per process; nothing on a serverless host. */
export function scheduleJobs(run: () => Promise<JobsReport>): void {
  if (isServerless()) return;
  if (schedule.timer) return;
  let running = false;
  let first = true;
  const tick = async () => {
    if (running) return;
    running = true;
    const started = Date.now();
    try {
      const report = await run();
      const busy = Object.entries(report).filter(([, r]) => r.done > 0);
      if (busy.length) log.info("jobs.ran", Object.fromEntries(busy.map(([name, r]) => [name, r.done])));
      // How long the start-up run took (it catches up on what waited while the app was down).
      if (first) log.info("jobs.first_run", { ms: Date.now() - started });
      first = false;
    } catch (error) {
      log.warn("jobs.run_failed", errorFields(error));
    } finally {
      running = false;
    }
  };
  void tick();
  schedule.timer = setInterval(() => void tick(), EVERY_MS);
  schedule.timer.unref();
}

/** The running schedule's timer, if any (one per process). */
export function jobScheduleTimer(): NodeJS.Timeout | undefined {
  return schedule.timer;
}

/** Stops the schedule (tests). */
export function stopJobSchedule(): void {
  clearInterval(schedule.timer);
  schedule.timer = undefined;
}
