import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { seal } from "@/lib/email/seal";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { checkedAddresses, OutboundError, outboundUrl } from "@/lib/server/outbound";
import { enforce, LIMITS } from "@/lib/server/rate-limit";
import { apiStrings } from "@/lib/strings/api";
import { PING_EVENT, offeredEvents, type WebhookEvent } from "./webhook-events";
import { eventBody, writeDeliveries } from "./webhook-outbox";
import { newWebhookSecret } from "./webhook-sign";
import { getWebhook, toWebhookDto, webhookSelect, type WebhookDto } from "./webhook-queries";
import type { CreateWebhookInput, PatchWebhookInput } from "./webhook-schemas";

// A page's webhook endpoints (owners; api.md "Public API and webhooks" and
// "Bounded webhooks": 10 a page; creations and tests 20 an hour per account).

/** Endpoints a page may have. */
export const WEBHOOKS_PER_PAGE = 10;

/** Each creation and 'Enviar teste' of account `accountId` (a session's or a key's), whichever page: 429 past the limit. */
const enforceWebhookWrites = (accountId: string) => enforce(`webhook-writes:user:${accountId}`, LIMITS.webhookWritesPerAccount);

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

/** The sales' events (order.paid, order.refunded) only where selling is on (the route says: lib/selling/selling-config.ts): elsewhere they would never come. */
function assertOfferedEvents(events: readonly WebhookEvent[] | undefined, sellingOn: boolean): void {
  const offered = offeredEvents(sellingOn);
  if (events?.some((event) => !offered.includes(event)))
    throw new AppError("invalid_input", { message: apiStrings.sellingEventsOff, errors: { events: apiStrings.sellingEventsOff } });
}

/** POST /api/webhooks?page=: the secret is in this answer only; `createdById` is the caller (a key's account), whose endpoints go off when they lose the right. */
export async function createWebhook(
  pageId: string,
  input: CreateWebhookInput,
  createdById: string,
  sellingOn: boolean,
): Promise<WebhookDto & { secret: string }> {
  assertOfferedEvents(input.events, sellingOn);
  await enforceWebhookWrites(createdById);
  await assertAllowedUrl(input.url);
  const secret = newWebhookSecret();
  const row = await db.$transaction(async (tx) => {
    // The page's row locked: two creations at once count one after the other, never both 10 → 11.
    await tx.$queryRaw`SELECT "id" FROM "Page" WHERE "id" = ${pageId} FOR UPDATE`;
    if ((await tx.webhookEndpoint.count({ where: { pageId } })) >= WEBHOOKS_PER_PAGE)
      throw new AppError("conflict", { message: apiStrings.webhookLimitReached });
    return tx.webhookEndpoint.create({ data: { pageId, url: input.url, events: input.events, secret: seal(secret), createdById }, select: webhookSelect });
  });
  return { ...toWebhookDto(row), secret };
}

/** PATCH /api/webhooks/{id}?page=: turning it on again starts its failing clock afresh. */
export async function updateWebhook(pageId: string, id: string, input: PatchWebhookInput, sellingOn: boolean): Promise<WebhookDto> {
  await getWebhook(pageId, id);
  assertOfferedEvents(input.events, sellingOn);
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

/** POST /api/webhooks/{id}/test?page=: a `ping` event to that endpoint, sent as any other; counted against `accountId`'s webhook writes. */
export async function sendTestWebhook(pageId: string, id: string, accountId: string, now = new Date()): Promise<{ id: string }> {
  const endpoint = await getWebhook(pageId, id);
  await enforceWebhookWrites(accountId);
  const body = eventBody(PING_EVENT, { webhookId: endpoint.id, url: endpoint.url }, now);
  const [delivery] = await writeDeliveries(db, Prisma.sql`"id" = ${id} AND "pageId" = ${pageId}`, PING_EVENT, body, now);
  return { id: delivery! };
}
