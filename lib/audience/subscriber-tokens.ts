import "server-only";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { authSecret } from "@/lib/server/secret";

// The links a subscriber's messages carry. Only SHA-256 of a token is kept.
// - confirm: random, one per confirmation e-mail (a newer one replaces it),
//   cleared once used;
// - unsubscribe: HMAC(app secret, subscriber id), so every message to the
//   subscriber carries the same working link without the token being stored;
//   its hash is cleared with the address when the subscriber leaves.

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const newConfirmToken = () => randomBytes(32).toString("base64url");

export function unsubscribeTokenFor(subscriberId: string): string {
  return createHmac("sha256", authSecret()).update(`vitrine-unsubscribe:${subscriberId}`).digest("base64url");
}
