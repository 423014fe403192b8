import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { queueEmail } from "@/lib/email/outbox";
import { newWorkerId, describeFailure } from "@/lib/email/worker";
import { unseal } from "@/lib/email/seal";
import { rolesWith } from "@/lib/permissions/page-permissions";
import { db, type Db } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { OutboundError, safeFetch } from "@/lib/server/outbound";
import { apiStrings } from "@/lib/strings/api";
import { PING_EVENT } from "./webhook-events";
import { webhookHeaders } from "./webhook-sign";

// Sending webhook deliveries (the e-mail worker's design, lib/email/worker.ts):
// a row is claimed with one atomic UPDATE … RETURNING (FOR UPDATE SKIP
// LOCKED), so two senders, in one instance or several, never take the same
// row; a claim lasts CLAIM_MS, so a sender that dies mid-send leaves the row
// to the jobs once it passes. Each attempt goes through the one outgoing door
// (lib/server/outbound.ts: public addresses only, no redirect, 15 s).

/** Waits before the 2nd … 7th attempt (api.md): about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h; then failed. */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** An endpoint failing every attempt this long is turned off. */
export const FAILING_OFF_MS = 5 * 24 * 3_600_000;
/** How long a claim lasts (a first try's too, written with its row: lib/webhooks/webhook-outbox.ts). */
export const CLAIM_MS = 60_000;
const ANSWER_MAX_BYTES = 64 * 1024;

interface Claimed {
  id: string;
  endpointId: string;
  eventId: string;
  type: string;
  payload: string;
  attempts: number;
  /** Its endpoint, read with the claim. */
  url: string;
  secret: string;
  active: boolean;
  failingSince: Date | null;
}

export interface WebhookDeliverOptions {
  client?: Db;
  workerId?: string;
  /** The clock (tests move it). */
  now?: Date;
  maxDeliveries?: number;
  deadline?: number;
}

// One statement claims the rows and reads their endpoints (a delivery's endpoint always exists: deleting it deletes them).
const claimed = (client: Db, workerId: string, now: Date, which: Prisma.Sql) =>
  client.$queryRaw<Claimed[]>`
    UPDATE "WebhookDelivery" AS d SET "lockedBy" = ${workerId}, "attempts" = d."attempts" + 1,
      "lockedUntil" = ${now}::timestamp + ${CLAIM_MS} * interval '1 millisecond'
    FROM "WebhookEndpoint" AS e
    WHERE e."id" = d."endpointId" AND ${which}
    RETURNING d."id", d."endpointId", d."eventId", d."type", d."payload", d."attempts", e."url", e."secret", e."active", e."failingSince"`;

const claimDue = (client: Db, workerId: string, now: Date) =>
  claimed(client, workerId, now, Prisma.sql`d."id" IN (
      SELECT "id" FROM "WebhookDelivery"
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now}::timestamp
        AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now}::timestamp)
      ORDER BY "nextAttemptAt" LIMIT 1
      FOR UPDATE SKIP LOCKED)`);

/**
 * Deliveries `ids` born claimed by `claim` for their first try (read, not
 * written: the claim is theirs since the request), but those tried already
 * and those whose claim is too near its end for an attempt to finish inside
 * it (the jobs take them once it passes).
 */
const claimedAtBirth = (client: Db, claim: string, now: Date, ids: readonly string[]) =>
  client.$queryRaw<Claimed[]>`
    SELECT d."id", d."endpointId", d."eventId", d."type", d."payload", d."attempts", e."url", e."secret", e."active", e."failingSince"
    FROM "WebhookDelivery" AS d JOIN "WebhookEndpoint" AS e ON e."id" = d."endpointId"
    WHERE d."id" IN (${Prisma.join(ids)}) AND d."lockedBy" = ${claim} AND d."status" = 'pending'
      AND d."lockedUntil" > ${now}::timestamp + ${WEBHOOK_TIMEOUT_MS} * interval '1 millisecond'`;

/** Deliveries `ids` written unclaimed, for their first try, but those someone took already (a claim counts an attempt) or closed. */
const claimFirstTries = (client: Db, workerId: string, now: Date, ids: readonly string[]) =>
  claimed(client, workerId, now, Prisma.sql`d."id" IN (${Prisma.join(ids)}) AND d."attempts" = 0 AND d."status" = 'pending'`);

interface Outcome {
  d: Claimed;
  statusCode: number | null;
  error: string | null;
}

/** One attempt's POST (none to an endpoint turned off, but the owner's own 'Enviar teste'). */
async function send(d: Claimed): Promise<Outcome> {
  if (!d.active && d.type !== PING_EVENT) return { d, statusCode: null, error: "endpoint off" };
  try {
    const answer = await safeFetch(d.url, {
      method: "POST",
      headers: webhookHeaders(unseal(d.secret), d.eventId, d.payload, new Date()),
      body: d.payload,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxBytes: ANSWER_MAX_BYTES,
      keepAlive: true,
    });
    return { d, statusCode: answer.status, error: answer.status < 200 || answer.status > 299 ? `HTTP ${answer.status}` : null };
  } catch (e) {
    return { d, statusCode: null, error: e instanceof OutboundError ? e.failure : describeFailure(e) };
  }
}

/**
 * The attempts' outcomes on their rows (each still this sender's): the
 * delivered ones in one statement per answer code (a request's ten endpoints
 * are one write, not ten), each failure on its own (another try, or failed)
 * with its endpoint's. Returns how many were delivered.
 */
async function record(client: Db, workerId: string, outcomes: readonly Outcome[], now: Date): Promise<number> {
  const delivered = outcomes.filter((o) => !o.error);
  const byCode = new Map<number | null, string[]>();
  for (const o of delivered) {
    const ids = byCode.get(o.statusCode);
    if (ids) ids.push(o.d.id);
    else byCode.set(o.statusCode, [o.d.id]);
  }
  for (const [code, ids] of byCode) {
    await client.webhookDelivery.updateMany({
      where: { id: { in: ids }, lockedBy: workerId },
      data: { status: "delivered", deliveredAt: now, lastStatusCode: code, lastError: null, lockedUntil: null },
    });
  }
  const recovered = [...new Set(delivered.filter((o) => o.d.failingSince).map((o) => o.d.endpointId))];
  if (recovered.length) await client.webhookEndpoint.updateMany({ where: { id: { in: recovered }, failingSince: { not: null } }, data: { failingSince: null } });
  if (delivered.length) log.info("webhook.delivered", { count: delivered.length, attempts: [...new Set(delivered.map((o) => o.d.attempts))] });
  for (const { d, statusCode, error } of outcomes) {
    if (!error) continue;
    const last = d.attempts >= WEBHOOK_MAX_ATTEMPTS || error === "endpoint off";
    const delay = WEBHOOK_RETRY_DELAYS_MS[Math.min(d.attempts, WEBHOOK_RETRY_DELAYS_MS.length) - 1] ?? 0;
    await client.webhookDelivery.updateMany({
      where: { id: d.id, lockedBy: workerId },
      data: { status: last ? "failed" : "pending", lastStatusCode: statusCode, lastError: error, lockedUntil: null, ...(last ? {} : { nextAttemptAt: new Date(now.getTime() + delay) }) },
    });
    log.warn(last ? "webhook.gave_up" : "webhook.failed", { id: d.id, attempt: d.attempts, error });
    await noteFailure(client, d.endpointId, now);
  }
  return delivered.length;
}

/** The endpoint has failed since `failingSince`; 5 days of it turns it off and tells the page's owners, once. */
async function noteFailure(client: Db, endpointId: string, now: Date): Promise<void> {
  await client.webhookEndpoint.updateMany({ where: { id: endpointId, failingSince: null }, data: { failingSince: now } });
  const off = await client.webhookEndpoint.updateMany({
    where: { id: endpointId, active: true, failingSince: { lte: new Date(now.getTime() - FAILING_OFF_MS) } },
    data: { active: false },
  });
  if (!off.count) return;
  const endpoint = await client.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId }, select: { url: true, page: { select: { id: true, username: true } } } });
  const owners = await client.pageMember.findMany({ where: { pageId: endpoint.page.id, role: { in: rolesWith("page.delete") } }, select: { user: { select: { id: true, email: true } } } });
  for (const { user } of owners) {
    await queueEmail(client, { userId: user.id, to: user.email, subject: apiStrings.endpointOffSubject, text: apiStrings.endpointOffText(endpoint.url, endpoint.page.username) });
  }
  log.warn("webhook.endpoint_off", { endpointId });
}

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
    const [d] = await claimDue(client, workerId, now);
    if (!d) return run;
    run.tried += 1;
    run.delivered += await record(client, workerId, [await send(d)], now);
  }
}

/**
 * The first attempt of each delivery in `ids` (right after the request that
 * wrote them), all at once: those born claimed by `claim`, or, without it,
 * those written unclaimed (claimed here).
 */
export async function deliverQueuedWebhooks(ids: readonly string[], options: Pick<WebhookDeliverOptions, "client" | "workerId"> & { claim?: string } = {}): Promise<number> {
  const client = options.client ?? db;
  const workerId = options.claim ?? options.workerId ?? newWorkerId();
  if (!ids.length) return 0;
  const now = new Date();
  const claimedRows = options.claim ? await claimedAtBirth(client, options.claim, now, ids) : await claimFirstTries(client, workerId, now, ids);
  return record(client, workerId, await Promise.all(claimedRows.map(send)), now);
}
