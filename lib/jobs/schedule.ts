import "server-only";
import { isServerless } from "@/lib/server/env";
import { errorFields, log } from "@/lib/server/log";
import { runDueJobs } from "./jobs";

// A long-lived host (npm start) runs the jobs itself: at start, then every
// minute, one run at a time. A serverless host starts no timer: there
// GET /api/cron/jobs, called by the platform's scheduler, runs them.

const EVERY_MS = 60_000;

export function startJobSchedule(): void {
  if (isServerless()) return;
  const g = globalThis as typeof globalThis & { __vitrineJobs?: NodeJS.Timeout };
  if (g.__vitrineJobs) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const report = await runDueJobs();
      const busy = Object.entries(report).filter(([, r]) => r.done > 0);
      if (busy.length) log.info("jobs.ran", Object.fromEntries(busy.map(([name, r]) => [name, r.done])));
    } catch (error) {
      log.warn("jobs.run_failed", errorFields(error));
    } finally {
      running = false;
    }
  };
  void tick();
  g.__vitrineJobs = setInterval(() => void tick(), EVERY_MS);
  g.__vitrineJobs.unref();
}
