import "server-only";
import type { Job } from "@/lib/jobs/job";
import { watchUnsubscribes } from "./broadcast-pause";
import { finishNext, handNext, queuedRows, startScheduled } from "./broadcast-sending";

// The broadcasts' jobs (lib/broadcasts/broadcast-sending.ts says how a
// broadcast is sent). Each is a locked job: its batch runs in a transaction
// holding the job's advisory lock, so two instances (or a cron call beside
// the schedule) never hand the same recipients twice. They run before the
// e-mail's jobs, which send the rows handed in the same run.

export function broadcastJobs(): Job[] {
  const finished = new Set<string>();
  return [
    { name: "broadcasts.start", kind: "locked", step: async (tx, { now }) => ({ done: await startScheduled(tx, now), more: false }) },
    {
      name: "broadcasts.hand",
      kind: "locked",
      async step(tx, { now }) {
        const { ids, more } = await handNext(tx, now);
        queuedRows(ids);
        return { done: ids.length, more };
      },
    },
    {
      name: "broadcasts.finish",
      kind: "locked",
      async step(tx, { now }) {
        const ended = await finishNext(tx, now, finished);
        return { done: ended ? 1 : 0, more: ended };
      },
    },
    { name: "broadcasts.watch", kind: "locked", step: async (tx, { now }) => ({ done: await watchUnsubscribes(tx, now), more: false }) },
  ];
}
