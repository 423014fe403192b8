import "server-only";
import { isServerless } from "@/lib/server/env";
import { SENDER_GRACE_MS, senderServes } from "./after-response";
import type { ClaimedRow, OutboxKind } from "./outbox-kind";
import { sendDue } from "./send-due";

// The jobs' share of the outbox (a "self-guarded" job of lib/jobs: every row
// is claimed, so no lock is needed): the rows of a kind that are due, retries
// and rows written outside a request. Beside a background sender (npm start
// on PostgreSQL), only rows it should have taken long ago (frozen, or dead
// and not yet started again): the server's requests keep their cores.

/** Room left before the run's deadline for an attempt that hangs. */
const SEND_MARGIN_MS = 2_000;

/** A job's step: `perStep` rows of `kind` at most. */
export function sendDueStep(kind: OutboxKind<ClaimedRow>, perStep: number) {
  return async ({ now, deadline }: { now: Date; deadline: number }) => {
    // A retry due within seconds is sent by this process where it lives on (a serverless host's next one is the jobs').
    const retry = isServerless() ? "jobs" : "timer";
    const run = await sendDue(kind, { maxRows: perStep, deadline: deadline - SEND_MARGIN_MS, now, retry, graceMs: senderServes() ? SENDER_GRACE_MS : 0 });
    return { done: run.sent, more: run.more };
  };
}
