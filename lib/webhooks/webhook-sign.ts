import "server-only";
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

// The Standard Webhooks signature (standardwebhooks.com), signed by the
// specification's own library: `v1,` + base64 of HMAC-SHA256, keyed by the
// secret's decoded bytes, of `{id}.{timestamp}.{body}`.

const SECRET_PREFIX = "whsec_";

/** A new endpoint's secret: whsec_ + base64 of 32 random bytes. */
export const newWebhookSecret = () => SECRET_PREFIX + randomBytes(32).toString("base64");

/** A new event's webhook-id. */
export const newEventId = () => `msg_${randomBytes(16).toString("base64url")}`;

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  return new Webhook(secret).sign(id, new Date(timestampSeconds * 1000), body);
}

/** The headers of one attempt (the same webhook-id on every attempt; the time of this one). */
export function webhookHeaders(secret: string, id: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": "Vitrine-Webhooks/1",
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhook(secret, id, timestamp, body),
  };
}
