import "server-only";
import { after } from "next/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { utc } from "@/lib/jobs/job";
import type { Db, Tx } from "@/lib/server/db";
import { isServerless } from "@/lib/server/env";
import { errorFields, log } from "@/lib/server/log";
import { newWorkerId } from "@/lib/email/worker";
import { newEventId } from "./webhook-sign";
import type { WebhookEvent } from "./webhook-events";
import { handOffWebhooks } from "./webhook-sender";
import { CLAIM_MS, deliverQueuedWebhooks } from "./webhook-worker";

// Deliveries are rows before they are requests (STYLE.md habit 17; the
// e-mail's outbox, lib/email/outbox.ts): an event is written, one row per
// active endpoint of the page that asked for it, in the same transaction as
// the change where the feature has one; sent right after the response by
// after() (never delaying or failing the request; under npm start on
// PostgreSQL by the background sender process); retried by the jobs
// (lib/webhooks/webhook-jobs.ts) on api.md's schedule; never lost across a
// restart: a row waits in the database until delivered or failed.
//
// Written in a request, the rows are born claimed for their first try
// (attempts 1, this process's FIRST_TRY_CLAIM, for CLAIM_MS): whoever sends
// them after the response reads them and writes their outcome, one write per
// row instead of a claim and an outcome, and the jobs leave them alone until
// the claim passes (a sender that never gets to them, killed or frozen, leaves
// them to the jobs a minute later, as a claim always did). Written outside a
// request (a job, a script), they are released at once for the jobs.
//
// A first try that fails is due again 5 s later, and the process that made
// it sends that retry (lib/webhooks/webhook-worker.ts): from a timer where the
// process lives on, within this same after() work on a serverless host (which
// lets after() work finish and freezes the instance once it has).

/** The claim of the first tries written by this process (a worker id of its own). */
const FIRST_TRY_CLAIM = newWorkerId();

export type WebhookClient = Pick<Db, "$queryRaw"> | Pick<Tx, "$queryRaw">;

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

/** Who makes the first try of deliveries written with `claim`: `take` is false when none can (no request). */
export interface FirstTry {
  claim: string;
  take(ids: readonly string[]): boolean;
}

/**
 * Writes one delivery of event `type` (its JSON `body`) for each endpoint
 * `which` selects, in one statement, born claimed for `firstTry`, which makes
 * it after the response. Outside a request (a job, a script) none can: the
 * rows are released for the jobs at once. Returns their ids.
 */
export async function writeDeliveries(client: WebhookClient, which: Prisma.Sql, type: string, body: string, now: Date, firstTry: FirstTry = afterResponse): Promise<string[]> {
  const rows = await client.$queryRaw<{ id: string }[]>`
    INSERT INTO "WebhookDelivery" ("id", "endpointId", "eventId", "type", "payload", "nextAttemptAt", "createdAt", "attempts", "lockedBy", "lockedUntil")
    SELECT 'wd' || replace(gen_random_uuid()::text, '-', ''), "id", ${newEventId()}, ${type}, ${body}, ${utc(now)}, ${utc(now)},
      1, ${firstTry.claim}, ${utc(new Date(now.getTime() + CLAIM_MS))}
    FROM "WebhookEndpoint" WHERE ${which}
    RETURNING "id"`;
  const ids = rows.map((r) => r.id);
  if (ids.length && !firstTry.take(ids)) {
    await client.$queryRaw`UPDATE "WebhookDelivery" SET "attempts" = 0, "lockedBy" = NULL, "lockedUntil" = NULL WHERE "id" IN (${Prisma.join(ids)})`;
  }
  return ids;
}

/**
 * The first try after this request's response: handed to the background
 * sender where there is one (lib/webhooks/webhook-sender.ts), else made here.
 * If the request's transaction rolls back, the ids it was handed do not exist
 * and nothing is sent.
 */
const afterResponse: FirstTry = {
  claim: FIRST_TRY_CLAIM,
  take(ids) {
    try {
      after(() => (handOffWebhooks(ids, FIRST_TRY_CLAIM) ? undefined : sendNow(ids, FIRST_TRY_CLAIM)));
      return true;
    } catch {
      // No request: after() refuses.
      return false;
    }
  },
};

async function sendNow(ids: readonly string[], claim: string): Promise<void> {
  try {
    await deliverQueuedWebhooks(ids, { claim, firstRetry: isServerless() ? "wait" : "timer" });
  } catch (error) {
    log.warn("webhook.after_failed", errorFields(error));
  }
}
