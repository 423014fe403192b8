import "server-only";
import { randomBytes } from "node:crypto";
import { hashToken } from "@/lib/server/token-hash";

// The links a subscriber's messages carry: random tokens (256 bits), of
// which only the SHA-256 is kept (lib/server/token-hash.ts), so no link
// depends on AUTH_SECRET.
// - confirm: one per confirmation e-mail (a newer one replaces it), cleared
//   once used (Subscriber.confirmTokenHash);
// - unsubscribe: one per message, each a row of UnsubscribeLink naming the
//   subscriber; every one keeps working until the subscriber leaves, and is
//   kept afterwards (without the address) so that a used link is told apart.

export { hashToken };

export const newConfirmToken = () => randomBytes(32).toString("base64url");

export const newUnsubscribeToken = () => randomBytes(32).toString("base64url");
