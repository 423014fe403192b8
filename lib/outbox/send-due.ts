import "server-only";
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { db, type Db } from "@/lib/server/db";
import { errorFields, log } from "@/lib/server/log";
import { claimInSlots, dueOf, due, firstTries } from "./claim-rows";
import type { ClaimedRow, OutboxKind } from "./outbox-kind";
import type { Retries } from "./record-outcomes";
import { sendClaimed, type SendRun } from "./send-rows";

// The two run loops of every kind besides the background sender's
// (lib/outbox/outbox-sender.ts): the first tries of the rows a request wrote,
// right after its response (lib/outbox/after-response.ts), and the rows due,
// for the jobs, within a count and a deadline.
//
// A retry due within seconds of a failure (RETRY_HERE_MS: a webhook's first,
// 5 s) is sent by the process that made the attempt: from an unref'd timer
// where the process lives on (npm start, a long-lived next start; if it dies
// first, the row is the jobs'), or awaited on a serverless host, within the
// same after() work, which keeps the instance until it is done. Either way it
// claims its row as any sender does, so it and the jobs never both send it.

/** Who sends a retry due soon: the jobs, a timer of this process, or this same work, awaited. */
export type RetryHere = "jobs" | "timer" | "wait";

export interface SendOptions {
  client?: Db;
  workerId?: string;
  /** The clock (tests move it). */
  now?: Date;
  retry?: RetryHere;
}

export interface DueOptions extends SendOptions {
  /** Stop claiming once this many rows were tried, or once this time (Date.now() scale) has passed. */
  maxRows?: number;
  deadline?: number;
  /** Only rows due this long already (the jobs beside a background sender leave it the rest). */
  graceMs?: number;
}

export interface SendReport {
  tried: number;
  sent: number;
  /** True when it stopped at maxRows or the deadline with rows perhaps still due. */
  more: boolean;
}

export const newWorkerId = () => `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

/** Claims and sends what is due, a batch at a time, within the options' bounds. */
export async function sendDue<Row extends ClaimedRow>(kind: OutboxKind<Row>, options: DueOptions = {}): Promise<SendReport> {
  const client = options.client ?? db;
  const workerId = options.workerId ?? newWorkerId();
  const report: SendReport = { tried: 0, sent: 0, more: false };
  const maxRows = options.maxRows ?? Infinity;
  const retries = retriesHere(kind, client, options.retry);
  for (;;) {
    if (report.tried >= maxRows || Date.now() >= (options.deadline ?? Infinity)) {
      report.more = true;
      break;
    }
    const now = options.now ?? new Date();
    const dueBy = options.graceMs ? new Date(now.getTime() - options.graceMs) : now;
    const rows = (await claimInSlots(client, kind, workerId, now, (limit) => due(limit, dueBy), Math.min(kind.batch, maxRows - report.tried), true))!;
    if (!rows.length) break;
    report.tried += rows.length;
    const batch = await sendClaimed(kind, { client, workerId, now: options.now, onRetry: retries.onRetry }, rows, now);
    report.sent += batch.sent;
    // Rows released for want of time in their claim are the next pass's.
    if (batch.released) {
      report.more = true;
      break;
    }
  }
  await retries.settled();
  return report;
}

/**
 * The first try of each row in `ids` (written by the request just answered),
 * but those someone took already or that are closed; all at once, within
 * the kind's slots (one per row, taken before its row is claimed). Resolves
 * with how many were sent once every try (and with "wait", every retry) has ended.
 */
export async function sendFirstTries<Row extends ClaimedRow>(kind: OutboxKind<Row>, ids: readonly string[], options: SendOptions = {}): Promise<number> {
  if (!ids.length) return 0;
  const client = options.client ?? db;
  const workerId = options.workerId ?? newWorkerId();
  const retries = retriesHere(kind, client, options.retry);
  // With slots, each row waits for its own, so one slow send holds up no other.
  const groups = kind.slots ? ids.map((id) => [id]) : [ids];
  const sent = await Promise.all(
    groups.map(async (group) => {
      const now = new Date();
      const rows = (await claimInSlots(client, kind, workerId, now, () => firstTries(group), group.length, true))!;
      return rows.length ? (await sendClaimed(kind, { client, workerId, onRetry: retries.onRetry }, rows, now)).sent : 0;
    }),
  );
  await retries.settled();
  return sent.reduce((a, b) => a + b, 0);
}

/** Where `how` says, the retries due soon of rows that failed here: their onRetry, and what to await (with "wait"). */
function retriesHere<Row extends ClaimedRow>(
  kind: OutboxKind<Row>,
  client: Db,
  how: RetryHere = "jobs",
): Pick<SendRun, "onRetry"> & { settled(): Promise<unknown> } {
  const waiting: Promise<unknown>[] = [];
  const retry = async ({ ids }: Retries) => {
    try {
      const workerId = newWorkerId();
      const now = new Date();
      const rows = await claimInSlots(client, kind, workerId, now, () => dueOf(ids), ids.length, true);
      if (rows?.length) await sendClaimed(kind, { client, workerId, onRetry: here.onRetry }, rows, now);
    } catch (error) {
      log.warn(`${kind.name}.retry_failed`, errorFields(error));
    }
  };
  // A moment past `at`: the retry's claim asks for nextAttemptAt <= now.
  const untilDue = (at: Date) => Math.max(0, at.getTime() - Date.now()) + 20;
  const here = {
    onRetry:
      how === "timer"
        ? (r: Retries) => void setTimeout(() => void retry(r), untilDue(r.at)).unref()
        : how === "wait"
          ? (r: Retries) => void waiting.push(new Promise((resolve) => setTimeout(resolve, untilDue(r.at))).then(() => retry(r)))
          : undefined,
    // A retry awaited may itself add one: wait until none is left.
    async settled() {
      while (waiting.length) await Promise.all(waiting.splice(0));
    },
  };
  return here;
}
