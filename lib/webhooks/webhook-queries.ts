import "server-only";
import { z } from "zod";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";

export const webhookDtoSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDto = z.infer<typeof webhookDtoSchema>;

/** POST /api/webhooks: the endpoint with its secret, shown this once. */
export const createdWebhookSchema = webhookDtoSchema.extend({ secret: z.string() });

export const deliveryDtoSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DeliveryDto = z.infer<typeof deliveryDtoSchema>;

export const webhookSelect = { id: true, url: true, events: true, active: true, failingSince: true, createdAt: true } as const;

export function toWebhookDto(row: { id: string; url: string; events: string[]; active: boolean; failingSince: Date | null; createdAt: Date }): WebhookDto {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    active: row.active,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
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
