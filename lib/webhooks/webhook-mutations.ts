import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { seal } from "@/lib/email/seal";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { checkedAddresses, OutboundError, outboundUrl } from "@/lib/server/outbound";
import { apiStrings } from "@/lib/strings/api";
import { PING_EVENT } from "./webhook-events";
import { eventBody, writeDeliveries } from "./webhook-outbox";
import { newWebhookSecret } from "./webhook-sign";
import { getWebhook, toWebhookDto, webhookSelect, type WebhookDto } from "./webhook-queries";
import type { CreateWebhookInput, PatchWebhookInput } from "./webhook-schemas";

// A page's webhook endpoints (owners; api.md "Public API and webhooks").

/** The URL is https (http with ALLOW_PRIVATE_OUTBOUND) and every address its name resolves to is public: else 400. */
async function assertAllowedUrl(url: string): Promise<void> {
  try {
    await checkedAddresses(outboundUrl(url));
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    const message = error.failure === "bad_url" ? apiStrings.badWebhookUrl : apiStrings.addressNotAllowed;
    throw new AppError("invalid_input", { message, errors: { url: message } });
  }
}

/** POST /api/webhooks?page=: the secret is in this answer only. */
export async function createWebhook(pageId: string, input: CreateWebhookInput): Promise<WebhookDto & { secret: string }> {
  await assertAllowedUrl(input.url);
  const secret = newWebhookSecret();
  const row = await db.webhookEndpoint.create({ data: { pageId, url: input.url, events: input.events, secret: seal(secret) }, select: webhookSelect });
  return { ...toWebhookDto(row), secret };
}

/** PATCH /api/webhooks/{id}?page=: turning it on again starts its failing clock afresh. */
export async function updateWebhook(pageId: string, id: string, input: PatchWebhookInput): Promise<WebhookDto> {
  await getWebhook(pageId, id);
  if (input.url !== undefined) await assertAllowedUrl(input.url);
  const data = Object.fromEntries(Object.entries({ url: input.url, events: input.events, active: input.active }).filter(([, v]) => v !== undefined));
  const { count } = await db.webhookEndpoint.updateMany({ where: { id, pageId }, data: { ...data, ...(input.active ? { failingSince: null } : {}) } });
  if (!count) throw new AppError("not_found");
  return getWebhook(pageId, id);
}

/** DELETE /api/webhooks/{id}?page=: the endpoint and its deliveries. */
export async function deleteWebhook(pageId: string, id: string): Promise<void> {
  const { count } = await db.webhookEndpoint.deleteMany({ where: { id, pageId } });
  if (!count) throw new AppError("not_found");
}

/** POST /api/webhooks/{id}/test?page=: a `ping` event to that endpoint, sent as any other. */
export async function sendTestWebhook(pageId: string, id: string, now = new Date()): Promise<{ id: string }> {
  const endpoint = await getWebhook(pageId, id);
  const body = eventBody(PING_EVENT, { webhookId: endpoint.id, url: endpoint.url }, now);
  const [delivery] = await writeDeliveries(db, Prisma.sql`"id" = ${id} AND "pageId" = ${pageId}`, PING_EVENT, body, now);
  return { id: delivery! };
}
