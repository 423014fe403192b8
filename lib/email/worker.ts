import "server-only";
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { db, type Db } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { emailFailed, emailSent } from "@/lib/server/metrics";
import { unseal } from "./seal";
import { createDeliver, type Deliver } from "./transport";

// Sending the outbox: right after a request that queued a message (after(),
// lib/email/outbox.ts) and from the jobs (retries, lib/email/email-jobs.ts).
// A message is claimed with one atomic UPDATE … WHERE id IN (SELECT … FOR
// UPDATE SKIP LOCKED) RETURNING, so two senders, in one instance or several,
// never take the same row. A claim lasts CLAIM_MS: a sender that dies
// mid-send leaves the row to another once it passes.

/** Waits before the 2nd, 3rd, … try: 6 tries over nearly 3 hours. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const CLAIM_MS = 2 * 60_000;
// One message per claim: a claim must outlive its send (SMTP timeouts are
// 20 s per step), or another worker could take the row and send it again.
const BATCH = 1;

interface Claimed {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
}

export interface DeliverOptions {
  client?: Db;
  deliver?: Deliver;
  workerId?: string;
  now?: Date;
  /** Stop claiming once this many messages were tried, or once this time (Date.now() scale) has passed. */
  maxMessages?: number;
  deadline?: number;
}

export interface DeliveryRun {
  /** Messages tried (sent or failed). */
  tried: number;
  sent: number;
  /** True when it stopped at maxMessages or the deadline with messages perhaps still due. */
  more: boolean;
}

export const newWorkerId = () => `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

async function claim(client: Db, workerId: string, now: Date): Promise<Claimed[]> {
  // DateTime columns hold UTC wall-clock values (timestamp without time zone).
  return client.$queryRaw<Claimed[]>`
    UPDATE "OutboxMessage" SET "lockedBy" = ${workerId}, "attempts" = "attempts" + 1,
      "lockedUntil" = ${now}::timestamp + ${CLAIM_MS} * interval '1 millisecond'
    WHERE "id" IN (
      SELECT "id" FROM "OutboxMessage"
      WHERE "sentAt" IS NULL AND "failedAt" IS NULL AND "nextAttemptAt" <= ${now}::timestamp
        AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now}::timestamp)
      ORDER BY "nextAttemptAt" LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED)
    RETURNING "id", "to", "subject", "text", "html", "attempts"`;
}

/** What a failure may say in the log and the table: no link, no token. */
export function describeFailure(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts = [e?.code, e?.responseCode, typeof e?.message === "string" ? e.message : String(error)];
  return parts
    .filter((p) => p !== undefined && p !== null && p !== "")
    .join(" ")
    .replace(/https?:\/\/\S+/g, "[link]")
    .replace(/token=\S+/gi, "token=[…]")
    .slice(0, 300);
}

async function sendOne(client: Db, deliver: Deliver, workerId: string, m: Claimed, now: Date): Promise<boolean> {
  const mine = { id: m.id, lockedBy: workerId };
  try {
    const { file } = await deliver({ id: m.id, to: m.to, subject: m.subject, text: unseal(m.text), html: m.html ? unseal(m.html) : undefined });
    await client.outboxMessage.updateMany({
      where: mine,
      data: { sentAt: new Date(), text: "", html: null, lockedUntil: null, lastError: null },
    });
    log.info(file ? "email.written" : "email.sent", { id: m.id, attempt: m.attempts, ...(file ? { file } : {}) });
    emailSent();
    return true;
  } catch (error) {
    const reason = describeFailure(error);
    const last = m.attempts >= MAX_ATTEMPTS;
    const delay = RETRY_DELAYS_MS[Math.min(m.attempts, RETRY_DELAYS_MS.length) - 1] ?? 0;
    await client.outboxMessage.updateMany({
      where: mine,
      data: last
        ? { failedAt: new Date(), lastError: reason, lockedUntil: null, text: "", html: null }
        : { nextAttemptAt: new Date(now.getTime() + delay), lastError: reason, lockedUntil: null },
    });
    log[last ? "error" : "warn"](last ? "email.gave_up" : "email.send_failed", { id: m.id, attempt: m.attempts, error: reason });
    emailFailed();
    return false;
  }
}

/** Claims and sends what is due; returns how many were sent. */
export async function deliverDue(options: DeliverOptions = {}): Promise<number> {
  return (await deliverRun(options)).sent;
}

/** Claims and sends what is due, within the options' bounds. */
export async function deliverRun(options: DeliverOptions = {}): Promise<DeliveryRun> {
  const client = options.client ?? db;
  const deliver = options.deliver ?? createDeliver();
  const workerId = options.workerId ?? newWorkerId();
  const run: DeliveryRun = { tried: 0, sent: 0, more: false };
  for (;;) {
    if (run.tried >= (options.maxMessages ?? Infinity) || Date.now() >= (options.deadline ?? Infinity)) {
      run.more = true;
      return run;
    }
    const now = options.now ?? new Date();
    const batch = await claim(client, workerId, now);
    for (const m of batch) {
      run.tried += 1;
      if (await sendOne(client, deliver, workerId, m, now)) run.sent += 1;
    }
    if (batch.length < BATCH) return run;
  }
}
