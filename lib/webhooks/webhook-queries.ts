import "server-only";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";

export interface WebhookDto {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  failingSince: string | null;
  createdAt: string;
}

export interface DeliveryDto {
  id: string;
  type: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  lastStatusCode: number | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

export const webhookSelect = { id: true, url: true, events: true, active: true, failingSince: true, createdAt: true } as const;

export function toWebhookDto(row: { id: string; url: string; events: string[]; active: boolean; failingSince: Date | null; createdAt: Date }): WebhookDto {
  return { id: row.id, url: row.url, events: row.events, active: row.active, failingSince: row.failingSince?.toISOString() ?? null, createdAt: row.createdAt.toISOString() };
}

/** GET /api/webhooks?page=: the page's endpoints, oldest first, never their secrets. */
export async function listWebhooks(pageId: string): Promise<WebhookDto[]> {
  const rows = await db.webhookEndpoint.findMany({ where: { pageId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: webhookSelect });
  return rows.map(toWebhookDto);
}

/** GET /api/webhooks/{id}?page=: another page's endpoint is a 404. */
export async function getWebhook(pageId: string, id: string): Promise<WebhookDto> {
  const row = await db.webhookEndpoint.findFirst({ where: { id, pageId }, select: webhookSelect });
  if (!row) throw new AppError("not_found");
  return toWebhookDto(row);
}

/** GET /api/webhooks/{id}/deliveries?page=: the last 100, newest first. */
export async function listDeliveries(pageId: string, id: string): Promise<DeliveryDto[]> {
  await getWebhook(pageId, id);
  const rows = await db.webhookDelivery.findMany({
    where: { endpointId: id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 100,
    select: { id: true, type: true, status: true, attempts: true, lastStatusCode: true, nextAttemptAt: true, createdAt: true },
  });
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    status: r.status as DeliveryDto["status"],
    attempts: r.attempts,
    lastStatusCode: r.lastStatusCode,
    nextAttemptAt: r.status === "pending" ? r.nextAttemptAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  }));
}
