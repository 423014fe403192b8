import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { newWorkerId } from "@/lib/email/worker";
import { db, type Db } from "@/lib/server/db";
import { errorFields, log } from "@/lib/server/log";
import { attemptDeliveries, type AttemptRun } from "./webhook-attempts";
import type { Claimed } from "./webhook-outcomes";
import { CLAIM_MS, WEBHOOK_TIMEOUT_MS } from "./webhook-timing";

export { CLAIM_MS, FAILING_OFF_MS, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from "./webhook-timing";

// Sending webhook deliveries (the e-mail worker's design, lib/email/worker.ts):
// a row is claimed with one atomic UPDATE … RETURNING (FOR UPDATE SKIP
// LOCKED), so two senders, in one instance or several, never take the same
// row; a claim lasts CLAIM_MS, so a sender that dies mid-send leaves the row
// to the jobs once it passes. The attempts go through the one outgoing door
// (lib/server/outbound.ts: public addresses only, no redirect, 15 s), at
// most four at once to one host (lib/webhooks/webhook-attempts.ts).
//
// A failed first try is due again about 5 s later (api.md). The process that
// made it sends that retry itself: a timer under npm start (the row stays the
// truth: if the process dies the jobs send it), or, on a serverless host,
// within the same after() work. Either way the retry claims the row like any
// sender, so it and the jobs never both send it.

export interface WebhookDeliverOptions {
  client?: Db;
  workerId?: string;
  /** The clock (tests move it). */
  now?: Date;
  maxDeliveries?: number;
  deadline?: number;
  /** Who sends the retry of a first try that fails (default the jobs, a minute later). */
  firstRetry?: FirstRetry;
}

/** How a failed first try's retry, due 5 s later, is sent by this process: not at all (the jobs), from an unref'd timer (npm start), or awaited (a serverless host's after()). */
export type FirstRetry = "jobs" | "timer" | "wait";

// The claim's time left in ms rides along, so a delivery that waits its host's turn knows whether it may still go.
const claimedColumns = Prisma.sql`d."id", d."endpointId", d."eventId", d."type", d."payload", d."attempts", e."url", e."secret", e."active", e."failingSince"`;
const claimLeft = (now: Date) => Prisma.sql`(EXTRACT(EPOCH FROM (d."lockedUntil" - ${now}::timestamp)) * 1000)::float8 AS "claimLeftMs"`;

// One statement claims the rows and reads their endpoints (a delivery's endpoint always exists: deleting it deletes them).
const claimed = (client: Db, workerId: string, now: Date, which: Prisma.Sql) =>
  client.$queryRaw<Claimed[]>`
    UPDATE "WebhookDelivery" AS d SET "lockedBy" = ${workerId}, "attempts" = d."attempts" + 1,
      "lockedUntil" = ${now}::timestamp + ${CLAIM_MS} * interval '1 millisecond'
    FROM "WebhookEndpoint" AS e
    WHERE e."id" = d."endpointId" AND ${which}
    RETURNING ${claimedColumns}, ${claimLeft(now)}`;

const claimDue = (client: Db, workerId: string, now: Date) =>
  claimed(client, workerId, now, Prisma.sql`d."id" IN (
      SELECT "id" FROM "WebhookDelivery"
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now}::timestamp
        AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now}::timestamp)
      ORDER BY "nextAttemptAt" LIMIT 1
      FOR UPDATE SKIP LOCKED)`);

/** Deliveries `ids` that are due and no one holds (a first try's retry: the jobs may have taken it first). */
const claimDueOf = (client: Db, workerId: string, now: Date, ids: readonly string[]) =>
  claimed(client, workerId, now, Prisma.sql`d."id" IN (${Prisma.join(ids)}) AND d."status" = 'pending' AND d."nextAttemptAt" <= ${now}::timestamp
      AND (d."lockedUntil" IS NULL OR d."lockedUntil" < ${now}::timestamp)`);

/**
 * Deliveries `ids` born claimed by `claim` for their first try (read, not
 * written: the claim is theirs since the request), but those tried already
 * and those whose claim is too near its end for an attempt to finish inside
 * it (the jobs take them once it passes).
 */
const claimedAtBirth = (client: Db, claim: string, now: Date, ids: readonly string[]) =>
  client.$queryRaw<Claimed[]>`
    SELECT ${claimedColumns}, ${claimLeft(now)}
    FROM "WebhookDelivery" AS d JOIN "WebhookEndpoint" AS e ON e."id" = d."endpointId"
    WHERE d."id" IN (${Prisma.join(ids)}) AND d."lockedBy" = ${claim} AND d."status" = 'pending'
      AND d."lockedUntil" > ${now}::timestamp + ${WEBHOOK_TIMEOUT_MS} * interval '1 millisecond'`;

/** Deliveries `ids` written unclaimed, for their first try, but those someone took already (a claim counts an attempt) or closed. */
const claimFirstTries = (client: Db, workerId: string, now: Date, ids: readonly string[]) =>
  claimed(client, workerId, now, Prisma.sql`d."id" IN (${Prisma.join(ids)}) AND d."attempts" = 0 AND d."status" = 'pending'`);

export interface WebhookRun {
  tried: number;
  delivered: number;
  more: boolean;
}

/** Claims and sends what is due, one delivery at a time, within the options' bounds. */
export async function deliverDueWebhooks(options: WebhookDeliverOptions = {}): Promise<WebhookRun> {
  const client = options.client ?? db;
  const workerId = options.workerId ?? newWorkerId();
  const run: WebhookRun = { tried: 0, delivered: 0, more: false };
  for (;;) {
    if (run.tried >= (options.maxDeliveries ?? Infinity) || Date.now() >= (options.deadline ?? Infinity)) {
      run.more = true;
      return run;
    }
    const now = options.now ?? new Date();
    const rows = await claimDue(client, workerId, now);
    if (!rows.length) return run;
    run.tried += rows.length;
    const attempts: AttemptRun = { client, workerId, now: options.now };
    const retries = sendFirstRetries(attempts, options.firstRetry);
    run.delivered += await attemptDeliveries(attempts, rows);
    await Promise.all(retries);
  }
}

/**
 * The first attempt of each delivery in `ids` (right after the request that
 * wrote them), all at once: those born claimed by `claim`, or, without it,
 * those written unclaimed (claimed here). `firstRetry`: who sends the retry
 * of those that fail (default the jobs). Resolves once every first try (and,
 * with "wait", every retry) has ended.
 */
export async function deliverQueuedWebhooks(
  ids: readonly string[],
  options: Pick<WebhookDeliverOptions, "client" | "workerId" | "firstRetry"> & { claim?: string } = {},
): Promise<number> {
  const client = options.client ?? db;
  const workerId = options.claim ?? options.workerId ?? newWorkerId();
  if (!ids.length) return 0;
  const now = new Date();
  const rows = options.claim ? await claimedAtBirth(client, options.claim, now, ids) : await claimFirstTries(client, workerId, now, ids);
  const run: AttemptRun = { client, workerId };
  const retries = sendFirstRetries(run, options.firstRetry);
  const delivered = await attemptDeliveries(run, rows);
  await Promise.all(retries);
  return delivered;
}

/**
 * Makes `run`'s failed first tries be sent again here once due, as
 * `firstRetry` says; with "wait", the list fills with the retries to await.
 */
function sendFirstRetries(run: AttemptRun, firstRetry: FirstRetry = "jobs"): Promise<void>[] {
  const retries: Promise<void>[] = [];
  if (firstRetry === "timer") {
    run.onFirstRetries = (failed, at) => void setTimeout(() => void retryHere(run.client, failed), untilDue(at)).unref();
  } else if (firstRetry === "wait") {
    run.onFirstRetries = (failed, at) => retries.push(new Promise((resolve) => setTimeout(resolve, untilDue(at))).then(() => retryHere(run.client, failed)));
  }
  return retries;
}

/** A moment past `at`: the retry's claim asks for nextAttemptAt <= now. */
const untilDue = (at: Date) => Math.max(0, at.getTime() - Date.now()) + 20;

/** The retry of failed first tries `ids`, claimed anew (none that the jobs took first); the next retry, minutes away, is the jobs'. */
async function retryHere(client: Db, ids: readonly string[]): Promise<void> {
  try {
    const workerId = newWorkerId();
    const rows = await claimDueOf(client, workerId, new Date(), ids);
    if (rows.length) await attemptDeliveries({ client, workerId }, rows);
  } catch (error) {
    log.warn("webhook.retry_failed", errorFields(error));
  }
}
