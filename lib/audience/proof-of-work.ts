import "server-only";
import { createHash, createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import type { Challenge } from "altcha-lib/types";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { z } from "zod";
import { authSecret } from "@/lib/server/secret";

// The sign-up form's proof of work (api.md, Audience): ALTCHA's own library
// (altcha-lib, MIT, pinned), no third-party service, no cookie. The server
// signs a challenge (GET /api/subscribe/challenge); the visitor's browser
// finds its counter in a worker (public/altcha, the library's own files); the
// sign-up verifies the signature and the key (two HMACs: the "deterministic"
// mode, where the server knows the counter and signs the key it leads to) and
// spends the challenge once (SpentProof, in the database: any instance sees
// a replay; subscribe-limit-hits.ts), kept until the challenge expires, then deleted by the jobs.
//
// Cost: iterated SHA-256 (cost 1), the counter drawn in [COUNTER_MIN,
// COUNTER_MAX]: about 15,000 digests, under a second in a phone's worker,
// started when the visitor first focuses the form. It is a speed bump for
// scripts, not the defence: the limits (subscribe-limits.ts) are. altcha-lib 2.8.0
// is past GHSA-6gvq-jcmp-8959 (CVE-2025-68113, splicing/replay, fixed in 1.4.1).

export const POW_ALGORITHM = "SHA-256";
export const COUNTER_MIN = 5_000;
export const COUNTER_MAX = 25_000;
/** Long enough to type an address after focusing the form. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/** The two HMAC secrets, derived from the app's secret (never the secret itself). */
export function powSecrets(): { signature: string; key: string } {
  const derive = (label: string) => createHmac("sha256", authSecret()).update(`vitrine-altcha:${label}`).digest("hex");
  return { signature: derive("signature"), key: derive("key") };
}

/** A signed challenge; its counter drawn in [COUNTER_MIN, COUNTER_MAX] (tests may name a small one: the verification is the same). */
export async function newChallenge(now = Date.now(), counter = randomInt(COUNTER_MAX, COUNTER_MIN)): Promise<Challenge> {
  const secrets = powSecrets();
  return createChallenge({
    algorithm: POW_ALGORITHM,
    cost: 1,
    counter,
    deriveKey,
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.key,
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({ expiresAt: z.number().int().positive(), keySignature: z.string().min(1), algorithm: z.literal(POW_ALGORITHM) }),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256) }),
});

export interface VerifiedProof {
  /** SHA-256 of the challenge's signature: the SpentProof key. */
  id: string;
  expiresAt: Date;
}

/** The payload's proof when its challenge is ours, unexpired and solved; null otherwise (nothing written). */
export async function verifyProof(payload: string): Promise<VerifiedProof | null> {
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, "base64").toString("utf8")));
  } catch {
    return null;
  }
  const secrets = powSecrets();
  const result = await verifySolution({
    challenge: parsed.challenge as unknown as Challenge,
    solution: parsed.solution,
    deriveKey,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.key,
  }).catch(() => null);
  if (!result?.verified) return null;
  return {
    id: createHash("sha256").update(parsed.challenge.signature).digest("hex"),
    expiresAt: new Date(parsed.challenge.parameters.expiresAt * 1000),
  };
}
