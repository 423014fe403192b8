import "server-only";
import { generateAuthenticationOptions, verifyAuthenticationResponse } from "@simplewebauthn/server";
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { db } from "@/lib/server/db";
import { challengeOf, spendChallenge, storeChallenge, type ChallengePurpose } from "./passkey-challenges";
import { passkeyNotRecognised } from "./passkey-errors";
import { authenticationResponseSchema } from "./passkey-schemas";
import { userHandleOf } from "./passkey-registration";
import { relyingParty } from "./relying-party";

// Signing with a passkey (sign-in, or the second step after a password):
// request options with a stored challenge, then the browser's assertion
// checked by the library against that challenge, our origin and RP ID, and
// the stored public key; user verification is required.

/** Request options; `userId` names the account whose passkeys may answer (the second step), else any (discoverable). */
export async function assertionOptions(
  purpose: Exclude<ChallengePurpose, "register">,
  opts: { userId?: string; remember?: boolean } = {},
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowCredentials = opts.userId
    ? (await db.passkey.findMany({ where: { userId: opts.userId }, select: { credentialId: true, transports: true } })).map((p) => ({
        id: p.credentialId,
        transports: p.transports,
      }))
    : undefined;
  const options = await generateAuthenticationOptions({ rpID: relyingParty().rpID, userVerification: "required", allowCredentials });
  await storeChallenge(options.challenge, purpose, opts);
  return options;
}

export interface VerifiedAssertion {
  userId: string;
  /** The stored challenge's 'Lembrar de mim' (the second step's). */
  remember: boolean;
}

/**
 * Spends the challenge the answer signed and verifies the answer; throws 400
 * 'Passkey não reconhecida' for anything wrong. With `userId`, only that
 * account's passkeys count.
 */
export async function verifyAssertion(answer: unknown, purpose: Exclude<ChallengePurpose, "register">, userId?: string): Promise<VerifiedAssertion> {
  const parsed = authenticationResponseSchema.safeParse(answer);
  if (!parsed.success) throw passkeyNotRecognised();
  const response = parsed.data as AuthenticationResponseJSON;
  const challenge = challengeOf(response.response.clientDataJSON);
  const spent = challenge ? await spendChallenge(challenge, purpose, userId) : null;
  if (!challenge || !spent) throw passkeyNotRecognised();
  const passkey = await db.passkey.findUnique({ where: { credentialId: response.id } });
  if (!passkey || (userId !== undefined && passkey.userId !== userId)) throw passkeyNotRecognised();
  // A discoverable credential names its account: it must be the passkey's.
  if (response.response.userHandle && response.response.userHandle !== userHandleOf(passkey.userId)) throw passkeyNotRecognised();
  const { rpID, origin } = relyingParty();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: Number(passkey.counter),
      transports: passkey.transports,
    },
  }).catch(() => null);
  if (!verification?.verified) throw passkeyNotRecognised();
  const { newCounter, credentialDeviceType, credentialBackedUp } = verification.authenticationInfo;
  // The signature counter only moves forward (authenticators that keep none
  // stay at 0): of two answers racing, the one that would move it back loses.
  const moved = await db.passkey.updateMany({
    where: { id: passkey.id, ...(newCounter > 0 ? { counter: { lt: BigInt(newCounter) } } : {}) },
    data: { counter: BigInt(newCounter), lastUsedAt: new Date(), deviceType: credentialDeviceType, backedUp: credentialBackedUp },
  });
  if (moved.count !== 1) throw passkeyNotRecognised();
  return { userId: passkey.userId, remember: spent.remember };
}
