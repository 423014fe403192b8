import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { utc } from "@/lib/jobs/job";
import { outboxNotice, sendAfterResponse } from "@/lib/outbox/after-response";
import type { Db, Tx } from "@/lib/server/db";
import { newEventId } from "./webhook-sign";
import type { WebhookEvent } from "./webhook-events";
import { webhookKind } from "./webhook-kind";

// Deliveries are rows before they are requests (STYLE.md habit 17): an event
// is written, one row per active endpoint of the page that asked for it, in
// the same transaction as the change where the feature has one, and the
// outbox sends them (lib/outbox/after-response.ts: right after the response,
// or by the background sender under npm start on PostgreSQL, woken by the
// statement's notice when the transaction commits); retried on api.md's
// schedule; never lost across a restart: a row waits in the database until
// delivered or failed.

export type WebhookClient = Pick<Db, "$queryRaw"> | Pick<Tx, "$queryRaw">;

/** The writing statement's notice to the background sender (a column of its RETURNING): deliveries are waiting. */
export const webhookNotice = outboxNotice(webhookKind);

/** The JSON body of an event: {type, timestamp, data}. */
export const eventBody = (type: string, data: unknown, now: Date) => JSON.stringify({ type, timestamp: now.toISOString(), data });

/**
 * Writes event `type` for every active endpoint of page `pageId` that asked
 * for it (one statement; none when the page has no such endpoint) and sends
 * them after the response. Returns the deliveries' ids.
 */
export async function queueWebhookEvent(client: WebhookClient, pageId: string, type: WebhookEvent, data: unknown, now = new Date()): Promise<string[]> {
  return writeDeliveries(client, Prisma.sql`"active" AND "pageId" = ${pageId} AND ${type} = ANY("events")`, type, eventBody(type, data, now), now);
}

/**
 * Writes one delivery of event `type` (its JSON `body`) for each endpoint
 * `which` selects, in one statement, and has them sent after the response
 * (outside a request, by the jobs). Returns their ids.
 */
export async function writeDeliveries(client: WebhookClient, which: Prisma.Sql, type: string, body: string, now: Date): Promise<string[]> {
  const rows = await client.$queryRaw<{ id: string }[]>`
    INSERT INTO "WebhookDelivery" ("id", "endpointId", "eventId", "type", "payload", "nextAttemptAt", "createdAt")
    SELECT 'wd' || replace(gen_random_uuid()::text, '-', ''), "id", ${newEventId()}, ${type}, ${body}, ${utc(now)}, ${utc(now)}
    FROM "WebhookEndpoint" WHERE ${which}
    RETURNING "id", ${webhookNotice}`;
  const ids = rows.map((r) => r.id);
  // If the request's transaction rolls back, these ids do not exist and nothing is sent.
  sendAfterResponse(webhookKind, ids);
  return ids;
}
