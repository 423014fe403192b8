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

/** What 'Enviar teste' sends (to the endpoint it names, whatever its events). */
export const PING_EVENT = "ping";
