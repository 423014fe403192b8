import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OutboxKind } from "@/lib/outbox/outbox-kind";
import { sendDue, sendFirstTries, type DueOptions, type SendOptions } from "@/lib/outbox/send-due";
import { attemptDeliveries } from "./webhook-attempts";
import { noteOutcomes, type ClaimedDelivery } from "./webhook-outcomes";
import { CLAIM_MS, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from "./webhook-timing";

export { CLAIM_MS, FAILING_OFF_MS, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from "./webhook-timing";

// Webhook deliveries as a kind of the outbox (lib/outbox): its rows are
// WebhookDelivery, claimed with their endpoint (a delivery's endpoint always
// exists: deleting it deletes them); each attempt goes through the one
// outgoing door (lib/server/outbound.ts: public addresses only, no redirect,
// 15 s), at most four at once to one host (lib/webhooks/webhook-attempts.ts);
// retried after about 5 s, 5 min, 30 min, 2 h, 5 h and 10 h, then failed
// (api.md); a failure also runs the endpoint's failing clock.

/** Deliveries one claim takes at most: a request's, or many requests' when the background sender catches up. */
const BATCH = 500;

export const webhookKind: OutboxKind<ClaimedDelivery> = {
  name: "webhook",
  table: "WebhookDelivery",
  open: Prisma.sql`d."status" = 'pending'`,
  columns: Prisma.sql`d."endpointId", d."eventId", d."type", d."payload", e."url", e."secret", e."active", e."failingSince"`,
  join: { table: Prisma.sql`"WebhookEndpoint"`, on: Prisma.sql`e."id" = d."endpointId"` },
  claimMs: CLAIM_MS,
  attemptMs: WEBHOOK_TIMEOUT_MS,
  retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
  batch: BATCH,
  attempt: attemptDeliveries,
  sentSet: (code, now) => [Prisma.sql`"status" = 'delivered'`, Prisma.sql`"deliveredAt" = ${now}::timestamp`, Prisma.sql`"lastStatusCode" = ${code ?? null}`],
  failedSet: (o, last) => [Prisma.sql`"status" = ${last ? "failed" : "pending"}`, Prisma.sql`"lastStatusCode" = ${o.code ?? null}`],
  recorded: noteOutcomes,
};

/** Claims and sends the deliveries due (as the jobs do). */
export const deliverDueWebhooks = (options: DueOptions = {}) => sendDue(webhookKind, options);

/** The first tries of deliveries `ids` (as after() makes them right after the request that wrote them); how many were delivered. */
export const deliverQueuedWebhooks = (ids: readonly string[], options: SendOptions = {}) => sendFirstTries(webhookKind, ids, options);
