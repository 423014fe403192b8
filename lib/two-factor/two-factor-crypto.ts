import "server-only";
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { authSecret } from "@/lib/server/secret";

// Secrets at rest. The TOTP secret is encrypted with AES-256-GCM under a key
// derived from AUTH_SECRET (HKDF), so a copy of the database alone does not
// give the codes; recovery codes are kept only as keyed hashes (HMAC-SHA256).

const key = (purpose: string) => Buffer.from(hkdfSync("sha256", authSecret(), "vitrine", purpose, 32));

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key("totp-secret-v1"), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

export function decryptSecret(stored: string): string {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new Error("unknown two-factor secret format");
  const decipher = createDecipheriv("aes-256-gcm", key("totp-secret-v1"), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

// Crockford's base32: no i, l, o, u to misread.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const RECOVERY_CODE_COUNT = 10;

/** Ten codes of 50 random bits each, as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What a person typed, as the code it stands for (case, spaces, hyphens and look-alikes forgiven). */
export function normalizeRecoveryCode(typed: string): string {
  return typed
    .toLowerCase()
    .replace(/[^0-9a-z]/g, "")
    .replace(/o/g, "0")
    .replace(/[il]/g, "1");
}

export function hashRecoveryCode(code: string): string {
  return createHmac("sha256", key("recovery-code-v1")).update(normalizeRecoveryCode(code)).digest("hex");
}
