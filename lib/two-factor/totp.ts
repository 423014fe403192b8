import { Secret, TOTP } from "otpauth";
import { APP_NAME } from "@/lib/strings/app-name";

// RFC 6238 as api.md fixes it: SHA-1, 6 digits, 30-second steps, one step of
// drift either way. Pure: the clock is a parameter.

export const TOTP_PERIOD_S = 30;
const TOTP_DRIFT_STEPS = 1;

function totp(base32: string, label = ""): TOTP {
  return new TOTP({ issuer: APP_NAME, label, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(base32) });
}

/** A new random secret (160 bits), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an authenticator app reads from the QR code. */
export function otpauthUrl(base32: string, account: string): string {
  return totp(base32, account).toString();
}

/** The 30-second step a code belongs to within the allowed drift, or null. */
export function matchingStep(base32: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const t = totp(base32);
  const delta = t.validate({ token: code, timestamp: now, window: TOTP_DRIFT_STEPS });
  return delta === null ? null : t.counter({ timestamp: now }) + delta;
}

/** The code of a moment (tests and the browser journeys generate codes this way). */
export function totpCode(base32: string, now: number): string {
  return totp(base32).generate({ timestamp: now });
}
