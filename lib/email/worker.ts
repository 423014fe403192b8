import "server-only";
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { db, type Db } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { emailFailed, emailSent } from "@/lib/server/metrics";
import { unseal } from "./seal";
import { withSendSlot } from "./send-slots";
import { createDeliver, type Deliver } from "./transport";

// Sending the outbox: each message right after the request that queued it
// (after(), lib/email/outbox.ts: its first try, beside other requests'
// messages), failed ones by the jobs (retries, lib/email/email-jobs.ts). Every
// send takes one of the instance's slots (lib/email/send-slots.ts) before it
// claims its row, so a claim starts when its send does. A row is claimed with
// one atomic UPDATE … RETURNING, so two senders, in one instance or several,
// never take the same row. A claim lasts CLAIM_MS: a sender that dies or is
// frozen mid-send leaves the row to the jobs once it passes.

/** Waits before the 2nd, 3rd, … try: 6 tries over nearly 3 hours. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
// One message per claim: a claim must outlive its send (SMTP timeouts are
// 20 s per step), or another worker could take the row and send it again.
const CLAIM_MS = 2 * 60_000;

interface Claimed {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: string | null;
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

const claimed = (client: Db, workerId: string, now: Date, which: Prisma.Sql) =>
  // DateTime columns hold UTC wall-clock values (timestamp without time zone).
  client.$queryRaw<Claimed[]>`
    UPDATE "OutboxMessage" SET "lockedBy" = ${workerId}, "attempts" = "attempts" + 1,
      "lockedUntil" = ${now}::timestamp + ${CLAIM_MS} * interval '1 millisecond'
    WHERE ${which}
    RETURNING "id", "to", "subject", "text", "html", "headers", "attempts"`;

/** The message due first that no one holds. */
const claimDue = (client: Db, workerId: string, now: Date) =>
  claimed(client, workerId, now, Prisma.sql`"id" IN (
      SELECT "id" FROM "OutboxMessage"
      WHERE "sentAt" IS NULL AND "failedAt" IS NULL AND "nextAttemptAt" <= ${now}::timestamp
        AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now}::timestamp)
      ORDER BY "nextAttemptAt" LIMIT 1
      FOR UPDATE SKIP LOCKED)`);

/**
 * Message `id` for its first try, unless someone took it already (a claim
 * counts an attempt) or it is closed. No clock is compared: the row was
 * written by this instance's request a moment ago.
 */
const claimFirstTry = (client: Db, workerId: string, now: Date, id: string) =>
  claimed(client, workerId, now, Prisma.sql`"id" = ${id} AND "attempts" = 0 AND "sentAt" IS NULL AND "failedAt" IS NULL`);

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
    const headers = m.headers ? (JSON.parse(unseal(m.headers)) as Record<string, string>) : undefined;
    const { file } = await deliver({ id: m.id, to: m.to, subject: m.subject, text: unseal(m.text), html: m.html ? unseal(m.html) : undefined, ...(headers ? { headers } : {}) });
    await client.outboxMessage.updateMany({
      where: mine,
      data: { sentAt: new Date(), text: "", html: null, headers: null, lockedUntil: null, lastError: null },
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
        ? { failedAt: new Date(), lastError: reason, lockedUntil: null, text: "", html: null, headers: null }
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

/** Claims and sends what is due, one message at a time, within the options' bounds. */
export async function deliverRun(options: DeliverOptions = {}): Promise<DeliveryRun> {
  const client = options.client ?? db;
  const deliver = options.deliver ?? createDeliver();
  const workerId = options.workerId ?? newWorkerId();
  const run: DeliveryRun = { tried: 0, sent: 0, more: false };
  const late = () => run.tried >= (options.maxMessages ?? Infinity) || Date.now() >= (options.deadline ?? Infinity);
  for (;;) {
    if (late()) {
      run.more = true;
      return run;
    }
    const outcome = await withSendSlot(async () => {
      if (late()) return "late";
      const now = options.now ?? new Date();
      const [m] = await claimDue(client, workerId, now);
      if (!m) return "none";
      run.tried += 1;
      return (await sendOne(client, deliver, workerId, m, now)) ? "sent" : "failed";
    });
    if (outcome === "none") return run;
    if (outcome === "sent") run.sent += 1;
  }
}

/**
 * The first try of each message in `ids`, all at once within the instance's
 * slots; returns how many were sent. A message already taken (by the jobs)
 * or closed is left alone.
 */
export async function deliverQueued(ids: readonly string[], options: Pick<DeliverOptions, "client" | "deliver" | "workerId"> = {}): Promise<number> {
  const client = options.client ?? db;
  const deliver = options.deliver ?? createDeliver();
  const workerId = options.workerId ?? newWorkerId();
  const sent = await Promise.all(
    ids.map((id) =>
      withSendSlot(async () => {
        const now = new Date();
        const [m] = await claimFirstTry(client, workerId, now, id);
        return m ? sendOne(client, deliver, workerId, m, now) : false;
      }),
    ),
  );
  return sent.filter(Boolean).length;
}
