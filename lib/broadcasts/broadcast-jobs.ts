import "server-only";
import { after } from "next/server";
import type { Job } from "@/lib/jobs/job";
import { runJobs } from "@/lib/jobs/run-jobs";
import { watchUnsubscribes } from "./broadcast-pause";
import { finishNext, handNext, queuedRows, startScheduled } from "./broadcast-sending";

// The broadcasts' jobs (lib/broadcasts/broadcast-sending.ts says how a
// broadcast is sent). Each is a locked job: its batch runs in a transaction
// holding the job's advisory lock, so two instances (or a cron call beside
// the schedule) never hand the same recipients twice. They run before the
// e-mail's jobs, which send the rows handed in the same run.

const handJob = (): Job => ({
  name: "broadcasts.hand",
  kind: "locked",
  async step(tx, { now }) {
    const { ids, more } = await handNext(tx, now);
    queuedRows(ids);
    return { done: ids.length, more };
  },
});

/** Handing right after a response takes at most this long (a minute's allowance is two batches). */
const HAND_NOW_MS = 10_000;

export function broadcastJobs(): Job[] {
  const finished = new Set<string>();
  return [
    { name: "broadcasts.start", kind: "locked", step: async (tx, { now }) => ({ done: await startScheduled(tx, now), more: false }) },
    handJob(),
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

/**
 * 'Enviar agora' starts now: the broadcast's first minute of messages is
 * handed right after the response, by the hand job under its lock (a run of
 * the jobs beside it hands nothing twice), and each message is tried as every
 * row a request writes (lib/outbox/after-response.ts). Otherwise they would
 * wait for the jobs' next turn: up to a minute on npm start, the scheduler's
 * next call on a serverless host. The rest go at the jobs' pace.
 */
export function handAfterResponse(): void {
  try {
    after(async () => {
      await runJobs([handJob()], { deadlineMs: HAND_NOW_MS });
    });
  } catch {
    // Outside a request (a script, a test calling the feature): the jobs hand them.
  }
}
