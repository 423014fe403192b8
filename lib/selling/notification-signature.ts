import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

// Mercado Pago signs each notification (its "Webhooks" guide, "validate the
// origin of a notification"): the header `x-signature: ts=…,v1=…`, where v1 is
// the hex HMAC-SHA256, keyed by the application's secret, of the manifest
// `id:{data.id};request-id:{x-request-id};ts:{ts};`, data.id taken from the
// notification's address and lowercased when it has letters. A notification
// without data.id or x-request-id names no payment: it is refused here.

export interface SignedNotification {
  xSignature: string | null | undefined;
  xRequestId: string | null | undefined;
  /** `data.id` of the notification's query string. */
  dataId: string | null | undefined;
  secret: string;
}

/** The manifest Mercado Pago signs. */
export function signatureManifest(dataId: string, requestId: string, ts: string): string {
  return `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
}

/** The hex HMAC-SHA256 of the manifest. */
export function notificationHmac(manifest: string, secret: string): string {
  return createHmac("sha256", secret).update(manifest).digest("hex");
}

/** True when the notification carries Mercado Pago's signature under `secret`; compared in constant time. */
export function verifyNotificationSignature({ xSignature, xRequestId, dataId, secret }: SignedNotification): boolean {
  const requestId = xRequestId?.trim();
  const id = dataId?.trim();
  if (!xSignature || !requestId || !id || !secret) return false;
  const { ts, v1 } = parseSignatureHeader(xSignature);
  if (!ts || !/^\d{1,20}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const expected = Buffer.from(notificationHmac(signatureManifest(id, requestId, ts), secret), "hex");
  return timingSafeEqual(expected, Buffer.from(v1, "hex"));
}

/** `ts=…,v1=…` (any order, spaces allowed, other keys ignored). */
function parseSignatureHeader(header: string): { ts?: string; v1?: string } {
  const out: { ts?: string; v1?: string } = {};
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    const value = part.slice(eq + 1).trim();
    if (key === "ts" || key === "v1") out[key] = value;
  }
  return out;
}
