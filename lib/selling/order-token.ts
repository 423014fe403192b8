import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/server/secret";
import { hashToken } from "@/lib/server/token-hash";

// An order's link token (`?t=`, api.md: /{username}/pedido/{orderId}?t=…):
// made from the order's id under a key derived from AUTH_SECRET, so that the
// receipt e-mail, written when Mercado Pago confirms the payment (a
// notification or the jobs, with no buyer present), can carry it. The order
// keeps only its SHA-256, and a link is checked against that hash alone, so a
// copy of the database gives no link, and changing AUTH_SECRET leaves every
// link already sent working.

export function orderToken(orderId: string): string {
  return createHmac("sha256", `vitrine-order-link:${authSecret()}`).update(orderId).digest("base64url");
}

/** True when `token` is the order's (its stored hash), compared in constant time. */
export function orderTokenMatches(token: string | null | undefined, tokenHash: string): boolean {
  if (!token || token.length > 100) return false;
  const a = Buffer.from(hashToken(token), "hex");
  const b = Buffer.from(tokenHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
