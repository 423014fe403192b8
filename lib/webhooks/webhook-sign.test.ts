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

it("gives the Standard Webhooks specification's own example signature", () => {
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  expect(signWebhook(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  expect(webhookHeaders(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", '{"test": 2432232314}', new Date(1614265330_500))).toMatchObject({
    "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
    "webhook-timestamp": "1614265330",
    "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
  });
  expect(newWebhookSecret()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
});
