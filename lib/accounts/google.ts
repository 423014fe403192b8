import "server-only";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { env } from "@/lib/server/env";

// Google's ID token (the credential of its sign-in button), verified offline
// against the JSON Web Key Set: signature, issuer, audience, expiry, and a
// verified e-mail.

const ISSUERS = ["accounts.google.com", "https://accounts.google.com"];
const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function jwks(url: string) {
  let set = jwksByUrl.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000, cooldownDuration: 30_000, cacheMaxAge: 60 * 60_000 });
    jwksByUrl.set(url, set);
  }
  return set;
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
  picture: string | null;
}

/** The verified identity, or null for any token that fails a check. */
export async function verifyGoogleIdToken(credential: string): Promise<GoogleIdentity | null> {
  const clientId = env().GOOGLE_CLIENT_ID;
  if (!clientId) return null;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(credential, jwks(env().GOOGLE_JWKS_URL), {
      issuer: ISSUERS,
      audience: clientId,
      algorithms: ["RS256"],
      clockTolerance: 5,
    }));
  } catch {
    return null;
  }
  const emailVerified = payload.email_verified === true || payload.email_verified === "true";
  if (typeof payload.sub !== "string" || typeof payload.email !== "string" || !emailVerified) return null;
  return {
    sub: payload.sub,
    email: payload.email.trim().toLowerCase(),
    name: typeof payload.name === "string" ? payload.name : null,
    picture: typeof payload.picture === "string" && payload.picture.startsWith("https://") ? payload.picture : null,
  };
}
