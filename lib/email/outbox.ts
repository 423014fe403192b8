import "server-only";
import { randomBytes } from "node:crypto";
import { after } from "next/server";
import type { Db } from "@/lib/server/db";
import { errorFields, log } from "@/lib/server/log";
import { emailQueued } from "@/lib/server/metrics";
import { seal } from "./seal";
import { deliverQueued } from "./worker";

// The durable outbox: a feature queues a message in the same transaction as
// the change that causes it. Queued during a request, it is sent right after
// the response, by `after()` (the handler has awaited its transaction, so the
// row is committed by then): each message on its own, beside other requests'
// messages (a bounded number at once, lib/email/send-slots.ts), so a slow one
// never holds up another. A failed send, or a message queued outside a
// request, is sent by the jobs (lib/email/email-jobs.ts). Sending never
// delays or fails the request, and no message waits for a later request.

/** The database client or an interactive transaction's client. */
export type OutboxClient = Pick<Db, "outboxMessage">;

export interface OutgoingEmail {
  userId?: string | null;
  to: string;
  subject: string;
  /** The plain-text part (required); links absolute, on NEXT_PUBLIC_APP_URL. */
  text: string;
  /** An optional simple HTML part, with no remote images. */
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post); sealed at rest, as they may hold a token. */
  headers?: Record<string, string>;
}

/** lastError of a row written only so that a request does the same work either way (never sent). */
export const NOT_SENT_NO_ACCOUNT = "not sent: no account has this address";

export async function queueEmail(client: OutboxClient, message: OutgoingEmail): Promise<void> {
  const id = await insertMessage(client, message, null);
  emailQueued();
  sendAfterResponse(id);
}

/**
 * Writes the same row as queueEmail, already closed (failedAt set, so no
 * worker ever claims it): a password-reset request for an unknown address
 * runs the same statements as one for a known address. The jobs delete these
 * rows after an hour.
 */
export async function recordUnsent(client: OutboxClient, message: OutgoingEmail): Promise<void> {
  // Its after() work claims nothing (the row is closed), as queueEmail's would run.
  sendAfterResponse(await insertMessage(client, message, new Date()));
}

async function insertMessage(client: OutboxClient, message: OutgoingEmail, closedAt: Date | null): Promise<string> {
  // Every column is given either way: one statement, whatever the values.
  const { id } = await client.outboxMessage.create({
    data: {
      userId: message.userId ?? null,
      to: message.to,
      subject: message.subject,
      text: seal(message.text),
      html: message.html === undefined ? null : seal(message.html),
      headers: message.headers === undefined ? null : seal(JSON.stringify(message.headers)),
      failedAt: closedAt,
      lastError: closedAt ? NOT_SENT_NO_ACCOUNT : null,
    },
    select: { id: true },
  });
  return id;
}

/** A queued message's row, sealed, for a feature that writes it inside one SQL statement of its own (lib/audience/subscribe-mutations.ts); then `queuedRow`. */
export interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: string | null;
}

export function outboxRow(message: OutgoingEmail): OutboxRow {
  return {
    id: `o${randomBytes(12).toString("hex")}`,
    to: message.to,
    subject: message.subject,
    text: seal(message.text),
    html: message.html === undefined ? null : seal(message.html),
    headers: message.headers === undefined ? null : seal(JSON.stringify(message.headers)),
  };
}

/** What queueEmail does once its row is written: counted, and sent right after the response. */
export function queuedRow(id: string): void {
  emailQueued();
  sendAfterResponse(id);
}

/**
 * Sends message `id` after this request's response (its first try). The
 * request's after() work ends once that send has: on a serverless host the
 * instance is kept until then. A send cut short (the instance frozen or
 * stopped for good) leaves the row claimed until its claim passes; then the
 * jobs send it (lib/email/worker.ts).
 */
function sendAfterResponse(id: string): void {
  try {
    after(() => sendNow(id));
  } catch {
    // Outside a request (a script, a test calling a feature directly):
    // `after` refuses, and the jobs send the message.
  }
}

async function sendNow(id: string): Promise<void> {
  try {
    await deliverQueued([id]);
  } catch (error) {
    // The row waits; the jobs retry it.
    log.warn("email.after_failed", errorFields(error));
  }
}
