import "server-only";
import { queueEmail } from "@/lib/email/outbox";
import type { ClaimedRow, Outcome } from "@/lib/outbox/outbox-kind";
import { rolesWith } from "@/lib/permissions/page-permissions";
import type { Db } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { apiStrings } from "@/lib/strings/api";
import { FAILING_OFF_MS, WEBHOOK_MAX_ATTEMPTS } from "./webhook-timing";

// What the outbox leaves to webhooks once outcomes are written on their rows
// (lib/outbox/record-outcomes.ts): the endpoint's failing clock, cleared by a
// delivery, and 5 days of failures turn the endpoint off and tell its owners.

/** A claimed delivery with its endpoint, read with the claim (lib/webhooks/webhook-kind.ts). */
export interface ClaimedDelivery extends ClaimedRow {
  endpointId: string;
  eventId: string;
  type: string;
  payload: string;
  url: string;
  secret: string;
  active: boolean;
  failingSince: Date | null;
}

export type DeliveryOutcome = Outcome<ClaimedDelivery>;

export const ENDPOINT_OFF = "endpoint off";

/** After a batch of outcomes: endpoints that answered are no longer failing; each failure starts or continues its endpoint's clock. */
export async function noteOutcomes(client: Db, outcomes: readonly DeliveryOutcome[], now: Date): Promise<void> {
  const delivered = outcomes.filter((o) => !o.error);
  const recovered = [...new Set(delivered.filter((o) => o.row.failingSince).map((o) => o.row.endpointId))];
  if (recovered.length)
    await client.webhookEndpoint.updateMany({ where: { id: { in: recovered }, failingSince: { not: null } }, data: { failingSince: null } });
  if (delivered.length) log.info("webhook.delivered", { count: delivered.length, attempts: [...new Set(delivered.map((o) => o.row.attempts))] });
  for (const { row, error, final } of outcomes) {
    if (!error) continue;
    const last = final || row.attempts >= WEBHOOK_MAX_ATTEMPTS;
    log.warn(last ? "webhook.gave_up" : "webhook.failed", { id: row.id, attempt: row.attempts, error });
    await noteFailure(client, row.endpointId, now);
  }
}

/** The endpoint has failed since `failingSince`; 5 days of it turns it off and tells the page's owners, once. */
async function noteFailure(client: Db, endpointId: string, now: Date): Promise<void> {
  await client.webhookEndpoint.updateMany({ where: { id: endpointId, failingSince: null }, data: { failingSince: now } });
  const off = await client.webhookEndpoint.updateMany({
    where: { id: endpointId, active: true, failingSince: { lte: new Date(now.getTime() - FAILING_OFF_MS) } },
    data: { active: false },
  });
  if (!off.count) return;
  const endpoint = await client.webhookEndpoint.findUniqueOrThrow({
    where: { id: endpointId },
    select: { url: true, page: { select: { id: true, username: true } } },
  });
  const owners = await client.pageMember.findMany({
    where: { pageId: endpoint.page.id, role: { in: rolesWith("page.delete") } },
    select: { user: { select: { id: true, email: true } } },
  });
  for (const { user } of owners) {
    await queueEmail(client, {
      userId: user.id,
      to: user.email,
      subject: apiStrings.endpointOffSubject,
      text: apiStrings.endpointOffText(endpoint.url, endpoint.page.username),
    });
  }
  log.warn("webhook.endpoint_off", { endpointId });
}
