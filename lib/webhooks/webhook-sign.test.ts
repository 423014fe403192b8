/** @jest-environment node */
import { Webhook } from "standardwebhooks";
import { newEventId, newWebhookSecret, signWebhook, webhookHeaders } from "./webhook-sign";

// Our signature is the Standard Webhooks one: the specification's own library
// signs the same bytes and verifies our headers.

it("signs as the standardwebhooks library does, and its verify accepts our headers", () => {
  const secret = newWebhookSecret();
  const id = newEventId();
  const body = JSON.stringify({ type: "link.created", timestamp: new Date().toISOString(), data: { title: "Ação ✓" } });
  const now = new Date();
  const seconds = Math.floor(now.getTime() / 1000);
  expect(signWebhook(secret, id, seconds, body)).toBe(new Webhook(secret).sign(id, new Date(seconds * 1000), body));
  const headers = webhookHeaders(secret, id, body, now);
  expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  expect(() => new Webhook(secret).verify(body.replace("Ação", "Acao"), headers)).toThrow();
  expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
});
