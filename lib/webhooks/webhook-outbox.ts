import "server-only";
import { after } from "next/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { utc } from "@/lib/jobs/job";
import type { Db, Tx } from "@/lib/server/db";
import { errorFields, log } from "@/lib/server/log";
import { newEventId } from "./webhook-sign";
import type { WebhookEvent } from "./webhook-events";
import { handOffWebhooks } from "./webhook-sender";
import { deliverQueuedWebhooks } from "./webhook-worker";

// Deliveries are rows before they are requests (STYLE.md habit 17; the
// e-mail's outbox, lib/email/outbox.ts): an event is written, one row per
// active endpoint of the page that asked for it, in the same transaction as
// the change where the feature has one; sent right after the response by
// after() (never delaying or failing the request; under npm start on
// PostgreSQL by the background sender process); retried by the jobs
// (lib/webhooks/webhook-jobs.ts) on api.md's schedule; never lost across a
// restart: a row waits in the database until delivered or failed.

export type WebhookClient = Pick<Db, "$queryRaw"> | Pick<Tx, "$queryRaw">;

/** The JSON body of an event: {type, timestamp, data}. */
export const eventBody = (type: string, data: unknown, now: Date) => JSON.stringify({ type, timestamp: now.toISOString(), data });

/**
 * Writes event `type` for every active endpoint of page `pageId` that asked
 * for it (one statement; none when the page has no such endpoint) and sends
 * them after the response. Returns the deliveries' ids.
 */
export async function queueWebhookEvent(client: WebhookClient, pageId: string, type: WebhookEvent, data: unknown, now = new Date()): Promise<string[]> {
  const rows = await client.$queryRaw<{ id: string }[]>(insertDeliveriesSql(Prisma.sql`"active" AND "pageId" = ${pageId} AND ${type} = ANY("events")`, type, eventBody(type, data, now), now));
  const ids = rows.map((r) => r.id);
  sendAfterResponse(ids);
  return ids;
}

/** The statement that writes one delivery of one event for each endpoint `which` selects. */
export function insertDeliveriesSql(which: Prisma.Sql, type: string, body: string, now: Date): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "WebhookDelivery" ("id", "endpointId", "eventId", "type", "payload", "nextAttemptAt", "createdAt")
    SELECT 'wd' || replace(gen_random_uuid()::text, '-', ''), "id", ${newEventId()}, ${type}, ${body}, ${utc(now)}, ${utc(now)}
    FROM "WebhookEndpoint" WHERE ${which}
    RETURNING "id"`;
}

/**
 * Sends deliveries `ids` after this request's response: hands them to the
 * background sender where there is one (lib/webhooks/webhook-sender.ts), else
 * sends them here; outside a request (a job, a test) the jobs send them.
 */
export function sendAfterResponse(ids: readonly string[]): void {
  if (!ids.length) return;
  try {
    after(() => (handOffWebhooks(ids) ? undefined : sendNow(ids)));
  } catch {
    // No request: after() refuses, and the jobs send them.
  }
}

async function sendNow(ids: readonly string[]): Promise<void> {
  try {
    await deliverQueuedWebhooks(ids);
  } catch (error) {
    log.warn("webhook.after_failed", errorFields(error));
  }
}
