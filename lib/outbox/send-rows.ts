import "server-only";
import type { Db } from "@/lib/server/db";
import { releaseRows } from "./claim-rows";
import type { Attempts, ClaimedRow, OutboxKind, Outcome } from "./outbox-kind";
import { recordOutcomes, type Retries } from "./record-outcomes";

// One batch of claimed rows sent: the kind makes the attempts, each outcome
// is written as its attempt ends (those that end while a write is under way
// go together in the next one, so a receiver that hangs holds up no other
// row), a row whose turn came too late for its claim is released (never
// failed for waiting), and each row's slot, when the kind has slots, is
// given back once its outcome is written.

export interface SendRun {
  client: Db;
  /** The claim the rows are held by. */
  workerId: string;
  /** The clock outcomes are written at (tests move it); the real one when absent. */
  now?: Date;
  /** Failed rows due again soon (RETRY_HERE_MS): who sends them (lib/outbox/send-due.ts, the background sender). */
  onRetry?: (retries: Retries) => void;
  /** A row's slot was given back (the kind has slots): the background sender claims the next row then, not once the whole batch has ended. */
  onFreed?: () => void;
}

/** How a batch went: rows sent, and rows released (their turn came too late: the next pass's). */
export interface Sent {
  sent: number;
  released: number;
}

/** Sends `rows`, claimed at `claimedAt` (the clock the claim was written with); resolves once every attempt has ended and its outcome is written. */
export async function sendClaimed<Row extends ClaimedRow>(kind: OutboxKind<Row>, run: SendRun, rows: readonly Row[], claimedAt: Date): Promise<Sent> {
  const slots = kind.slots?.();
  const write = outcomeWriter(kind, run);
  const answered = new Set<string>();
  const writes: Promise<void>[] = [];
  let sent = 0;
  const claimEnds = claimedAt.getTime() + kind.claimMs;
  const attempts: Attempts<Row> = {
    done(outcome) {
      if (answered.has(outcome.row.id)) return;
      answered.add(outcome.row.id);
      const written = write(outcome).then(() => {
        if (!outcome.error) sent += 1;
      });
      writes.push(
        written.finally(() => {
          slots?.give();
          if (slots) run.onFreed?.();
        }),
      );
    },
    inClaim: () => claimEnds - Date.now() > kind.attemptMs,
  };
  let failure: unknown = null;
  await kind.attempt(rows, attempts).catch((error: unknown) => (failure = error));
  const left = rows.filter((r) => !answered.has(r.id)).map((r) => r.id);
  if (left.length) {
    try {
      await releaseRows(run.client, kind, run.workerId, left);
    } finally {
      slots?.give(left.length);
      if (slots) run.onFreed?.();
    }
  }
  const settled = await Promise.allSettled(writes);
  const rejected = settled.find((s) => s.status === "rejected");
  if (failure ?? rejected) throw failure ?? (rejected as PromiseRejectedResult).reason;
  return { sent, released: left.length };
}

/** Writes outcomes as they come, one write at a time, each taking every outcome that ended during the one before. */
function outcomeWriter<Row extends ClaimedRow>(kind: OutboxKind<Row>, run: SendRun) {
  let chain: Promise<unknown> = Promise.resolve();
  let queued: Outcome<Row>[] = [];
  let current: Promise<void> | null = null;
  return (outcome: Outcome<Row>): Promise<void> => {
    queued.push(outcome);
    if (!current) {
      const written = chain.then(async () => {
        const batch = queued;
        queued = [];
        current = null;
        const retries = await recordOutcomes(run.client, kind, run.workerId, batch, run.now ?? new Date());
        if (retries) run.onRetry?.(retries);
      });
      current = written;
      chain = written.catch(() => undefined);
    }
    return current;
  };
}
