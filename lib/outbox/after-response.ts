import "server-only";
import { after } from "next/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { databaseKind } from "@/lib/server/db";
import { isServerless } from "@/lib/server/env";
import { hostFeatures } from "@/lib/server/host.mjs";
import { errorFields, log } from "@/lib/server/log";
import type { ClaimedRow, OutboxKind } from "./outbox-kind";
import { sendFirstTries } from "./send-due";

// Deliveries are rows before they are requests (STYLE.md habit 17): a
// feature writes its rows in the transaction of the change that causes them,
// with `outboxNotice` in the same statement, and calls `sendAfterResponse`
// once they are written. Who makes their first try:
//  - under npm start on PostgreSQL, the background sender
//    (lib/outbox/outbox-sender.ts, a process of its own): the notice wakes it
//    when the transaction commits (LISTEN), or its poll finds the rows; the
//    server hands it nothing;
//  - everywhere else (the embedded database, which one process opens; next
//    start; a serverless host, which keeps the instance for after() work),
//    the request's own process, right after its response (after()).
// Rows written outside a request, and failed ones, are sent by the jobs there.

/** The channel of the outbox's notices; each says which kind has rows. */
export const OUTBOX_CHANNEL = "vitrine_outbox";

/** A column of the writing statement that tells listeners, at commit, that rows of `kind` are waiting (add it to RETURNING). */
export const outboxNotice = (kind: OutboxKind<ClaimedRow>) => Prisma.sql`pg_notify(${OUTBOX_CHANNEL}, ${kind.name})::text AS "notified"`;

/** Due rows this long are the jobs' too, beside a background sender that should have taken them by then (frozen, or dead and not started again). */
export const SENDER_GRACE_MS = 2 * 60_000;

/** True in the server of npm start on PostgreSQL: its background sender sends every row (not its requests or its jobs, but rows overdue). */
export function senderServes(): boolean {
  const features = hostFeatures();
  return Boolean(features?.sender) && !features?.senderProcess && databaseKind() === "postgres";
}

/** The first try of rows `ids` of `kind`, just written in this request, after its response (unless the background sender sends them). */
export function sendAfterResponse(kind: OutboxKind<ClaimedRow>, ids: readonly string[]): void {
  if (!ids.length || senderServes()) return;
  try {
    after(() => sendNow(kind, ids));
  } catch {
    // Outside a request (a job, a script, a test calling a feature): `after`
    // refuses, and the jobs send the rows.
  }
}

async function sendNow(kind: OutboxKind<ClaimedRow>, ids: readonly string[]): Promise<void> {
  try {
    await sendFirstTries(kind, ids, { retry: isServerless() ? "wait" : "timer" });
  } catch (error) {
    // The rows wait; the jobs retry them.
    log.warn(`${kind.name}.after_failed`, errorFields(error));
  }
}
