import "server-only";
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { db, type Db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { errorFields, log } from "@/lib/server/log";
import { emailFailed, emailSent } from "@/lib/server/metrics";
import { onQueued } from "./outbox";
import { unseal } from "./seal";
import { createDeliver, type Deliver } from "./transport";

// The outbox worker. Every instance runs one; a message is claimed with one
// atomic UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING, so
// two instances never take the same row. A claim lasts CLAIM_MS: a worker
// that dies mid-send leaves the row to another once it passes.

/** Waits before the 2nd, 3rd, … try: 6 tries over nearly 3 hours. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const CLAIM_MS = 2 * 60_000;
// One message per claim: a claim must outlive its send (SMTP timeouts are
// 20 s per step), or another worker could take the row and send it again.
const BATCH = 1;
const POLL_MS = 5_000;

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
  const client = options.client ?? db;
  const deliver = options.deliver ?? createDeliver();
  const workerId = options.workerId ?? newWorkerId();
  let sent = 0;
  for (;;) {
    const now = options.now ?? new Date();
    const batch = await claim(client, workerId, now);
    for (const m of batch) if (await sendOne(client, deliver, workerId, m, now)) sent += 1;
    if (batch.length < BATCH) return sent;
  }
}

const globals = globalThis as typeof globalThis & { __vitrineOutboxWorker?: { stop: () => void } };

/** Starts this instance's worker (once per process): polls, and wakes when a message is queued. */
export function startOutboxWorker(): void {
  if (globals.__vitrineOutboxWorker) return;
  const deliver = createDeliver();
  const workerId = newWorkerId();
  let running = false;
  let again = false;
  let lastErrorLogged = 0;
  const tick = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await deliverDue({ deliver, workerId });
      } while (again);
    } catch (error) {
      // The database is down: try again at the next poll (logged once a minute).
      if (Date.now() - lastErrorLogged > 60_000) {
        lastErrorLogged = Date.now();
        log.warn("email.worker_failed", { error: errorFields(error).error });
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, POLL_MS);
  timer.unref();
  const unsubscribe = onQueued(() => void tick());
  void tick();
  globals.__vitrineOutboxWorker = {
    stop: () => {
      clearInterval(timer);
      unsubscribe();
      globals.__vitrineOutboxWorker = undefined;
    },
  };
  log.info("email.worker_started", { workerId, delivery: env().SMTP_URL ? "smtp" : "file" });
}

export function stopOutboxWorker(): void {
  globals.__vitrineOutboxWorker?.stop();
}
