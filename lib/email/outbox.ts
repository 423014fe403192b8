import "server-only";
import { randomBytes } from "node:crypto";
import { outboxNotice, sendAfterResponse as sendAfter } from "@/lib/outbox/after-response";
import type { Db, Tx } from "@/lib/server/db";
import { emailQueued } from "@/lib/server/metrics";
import { emailKind } from "./email-kind";
import { seal } from "./seal";

// Queuing a message: a feature writes it in the same transaction as the
// change that causes it, and the outbox sends it (lib/outbox/after-response.ts:
// right after the response, or by the background sender under npm start on
// PostgreSQL): each message on its own, beside other requests' messages (a
// bounded number at once, lib/email/send-slots.ts), so a slow one never holds
// up another. A failed send, or a message queued outside a request, is sent
// by the jobs (lib/email/email-jobs.ts). Sending never delays or fails the
// request, and no message waits for a later request.

/** The database client or an interactive transaction's client. */
export type OutboxClient = Pick<Db, "$queryRaw"> | Pick<Tx, "$queryRaw">;

/** The writing statement's notice to the background sender (a column of its RETURNING): e-mail is waiting. */
export const emailNotice = outboxNotice(emailKind);

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
  const row = outboxRow(message);
  const now = new Date();
  await client.$queryRaw`
    INSERT INTO "OutboxMessage" ("id", "userId", "to", "subject", "text", "html", "headers", "failedAt", "lastError", "nextAttemptAt", "createdAt")
    VALUES (${row.id}, ${message.userId ?? null}, ${row.to}, ${row.subject}, ${row.text}, ${row.html}, ${row.headers},
      ${closedAt}::timestamp, ${closedAt ? NOT_SENT_NO_ACCOUNT : null}, ${now}::timestamp, ${now}::timestamp)
    RETURNING "id", ${emailNotice}`;
  return row.id;
}

/** A queued message's row, sealed, for a feature that writes it inside one SQL statement of its own (lib/audience/confirmation-mail.ts, with `emailNotice` in its RETURNING); then `queuedRow`. */
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

/** Sends message `id` after this request's response (its first try); a send cut short leaves the row to the jobs once its claim passes. */
function sendAfterResponse(id: string): void {
  sendAfter(emailKind, [id]);
}
