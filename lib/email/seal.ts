import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { authSecret } from "@/lib/server/secret";

// Queued messages carry single-use links; tokens must exist only as hashes at
// rest, so a message's body is sealed with AES-256-GCM under a key derived
// from AUTH_SECRET until it is sent (then it is erased).

const PREFIX = "v1:";

function key(): Buffer {
  return createHash("sha256").update(`vitrine-outbox:${authSecret()}`).digest();
}

export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** Throws when the value was not sealed under this AUTH_SECRET. */
export function unseal(sealed: string): string {
  if (!sealed.startsWith(PREFIX)) throw new Error("outbox body is not sealed");
  const bytes = Buffer.from(sealed.slice(PREFIX.length), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key(), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}
