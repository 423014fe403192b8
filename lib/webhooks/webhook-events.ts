// The events a webhook endpoint may ask for (api.md, "Public API and webhooks"). Client-safe.

export const WEBHOOK_EVENTS = [
  "subscriber.confirmed",
  "subscriber.unsubscribed",
  "link.created",
  "link.updated",
  "link.deleted",
  "page.updated",
  "stats.daily",
  "order.paid",
  "order.refunded",
  "broadcast.sent",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The sales' events: offered and accepted only where selling with Pix is on (MERCADOPAGO_* set). */
export const SELLING_EVENTS: readonly WebhookEvent[] = ["order.paid", "order.refunded"];

/** The events an endpoint may ask for on this instance. */
export const offeredEvents = (sellingOn: boolean): readonly WebhookEvent[] =>
  sellingOn ? WEBHOOK_EVENTS : WEBHOOK_EVENTS.filter((e) => !SELLING_EVENTS.includes(e));

/** What 'Enviar teste' sends (to the endpoint it names, whatever its events). */
export const PING_EVENT = "ping";
