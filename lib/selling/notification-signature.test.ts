import { verifyNotificationSignature } from "./notification-signature";

// Mercado Pago's notification signature (its Webhooks guide): v1 = hex
// HMAC-SHA256 of `id:{data.id};request-id:{x-request-id};ts:{ts};`, data.id
// lowercased. No secret-and-hash pair is published in Mercado Pago's guide; the
// first vector takes the values of the official Node SDK's own validator test
// (mercadopago/sdk-nodejs src/utils/webhook/webhook.spec.ts: an order id with
// capitals, its request id and timestamp, its secret), and both expected
// hashes were computed apart from this code, with
// `printf '%s' MANIFEST | openssl dgst -sha256 -hmac SECRET`.

const SDK = {
  secret: "your_secret_key_here",
  xRequestId: "2066ca19-c6f1-498a-be75-1923005edd06",
  dataId: "ORD01JQ4S4KY8HWQ6NA5PXB65B3D3",
  ts: "1742505638683",
  v1: "633f91233312dd391ec75fa0bea539cfc2d6c4918873305b84a96cc1c58db71c",
};

const PAYMENT = {
  secret: "stand-in-webhook-secret",
  xRequestId: "bb56a2f1-6aae-46ac-982e-9dcd3581d08e",
  dataId: "123456",
  ts: "1704908010",
  v1: "6a9bff2137935b4ceac1ec16922c587c234ab890f4fd6149b22c7eb9b3b907ad",
};

const check = (v: typeof SDK, over: Partial<{ xSignature: string | null; xRequestId: string | null; dataId: string | null; secret: string }> = {}) =>
  verifyNotificationSignature({ xSignature: `ts=${v.ts},v1=${v.v1}`, xRequestId: v.xRequestId, dataId: v.dataId, secret: v.secret, ...over });

describe("verifyNotificationSignature", () => {
  it("accepts Mercado Pago's signature, the data.id lowercased as its guide says", () => {
    expect(check(SDK)).toBe(true);
    expect(check(SDK, { dataId: SDK.dataId.toLowerCase() })).toBe(true);
    expect(check(PAYMENT)).toBe(true);
    // The header's parts in another order, with spaces, and an unknown part.
    expect(check(PAYMENT, { xSignature: ` v1=${PAYMENT.v1.toUpperCase()} , ts=${PAYMENT.ts},v2=abc` })).toBe(true);
  });

  it("refuses a tampered hash, timestamp, id, request id or secret", () => {
    const flipped = PAYMENT.v1.replace(/^./, (c) => (c === "6" ? "7" : "6"));
    expect(check(PAYMENT, { xSignature: `ts=${PAYMENT.ts},v1=${flipped}` })).toBe(false);
    expect(check(PAYMENT, { xSignature: `ts=1704908011,v1=${PAYMENT.v1}` })).toBe(false);
    expect(check(PAYMENT, { dataId: "123457" })).toBe(false);
    expect(check(PAYMENT, { xRequestId: "bb56a2f1-6aae-46ac-982e-9dcd3581d08f" })).toBe(false);
    expect(check(PAYMENT, { secret: "another-secret" })).toBe(false);
  });

  it("refuses what is missing or malformed", () => {
    for (const xSignature of [
      null,
      "",
      "garbage",
      `v1=${PAYMENT.v1}`,
      `ts=${PAYMENT.ts}`,
      `ts=abc,v1=${PAYMENT.v1}`,
      `ts=${PAYMENT.ts},v1=${PAYMENT.v1.slice(2)}`,
      `ts=${PAYMENT.ts},v1=${"z".repeat(64)}`,
    ]) {
      expect([xSignature, check(PAYMENT, { xSignature })]).toEqual([xSignature, false]);
    }
    expect(check(PAYMENT, { xRequestId: null })).toBe(false);
    expect(check(PAYMENT, { dataId: "" })).toBe(false);
    expect(check(PAYMENT, { secret: "" })).toBe(false);
  });
});
