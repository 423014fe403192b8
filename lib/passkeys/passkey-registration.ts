import "server-only";
import { generateRegistrationOptions, verifyRegistrationResponse } from "@simplewebauthn/server";
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { db } from "@/lib/server/db";
import { AppError, prismaCode } from "@/lib/server/errors";
import { enforce } from "@/lib/server/rate-limit";
import { securityStrings } from "@/lib/strings/security";
import { challengeOf, spendChallenge, storeChallenge } from "./passkey-challenges";
import { passkeyNotRecognised } from "./passkey-errors";
import { passkeySelect, toPasskeyDto, type PasskeyDto } from "./passkey-queries";
import { registrationResponseSchema, type AddPasskeyInput } from "./passkey-schemas";
import { RP_NAME, relyingParty } from "./relying-party";

const strings = { security: securityStrings };

// Adding a passkey (security settings): POST /api/passkeys/options, then the
// browser's answer to POST /api/passkeys. Discoverable credentials with user
// verification, so the passkey alone is both factors at sign-in.

export const PASSKEYS_PER_ACCOUNT = 20;
const OPTIONS_PER_USER = { limit: 30, windowMs: 60_000 };

/** The WebAuthn user handle: the account's id (no e-mail or name in it). */
export const userHandleOf = (userId: string) => Buffer.from(userId, "utf8").toString("base64url");

export async function registrationOptions(userId: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  await enforce(`passkey-options:user:${userId}`, OPTIONS_PER_USER);
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, name: true, passkeys: { select: { credentialId: true, transports: true } } },
  });
  if (user.passkeys.length >= PASSKEYS_PER_ACCOUNT) throw new AppError("invalid_input", { message: strings.security.passkeyLimit });
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty().rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new Uint8Array(Buffer.from(userId, "utf8")),
    attestationType: "none",
    // The same authenticator twice would be one passkey listed twice.
    excludeCredentials: user.passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(options.challenge, "register", { userId });
  return options;
}

/** POST /api/passkeys: checks the browser's answer against the stored challenge and keeps the public key. */
export async function addPasskey(userId: string, input: AddPasskeyInput): Promise<PasskeyDto> {
  const parsed = registrationResponseSchema.safeParse(input.response);
  if (!parsed.success) throw passkeyNotRecognised();
  const response = parsed.data as RegistrationResponseJSON;
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge || !(await spendChallenge(challenge, "register", userId))) throw passkeyNotRecognised();
  const { rpID, origin } = relyingParty();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw passkeyNotRecognised();
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  if ((await db.passkey.count({ where: { userId } })) >= PASSKEYS_PER_ACCOUNT) {
    throw new AppError("invalid_input", { message: strings.security.passkeyLimit });
  }
  try {
    const row = await db.passkey.create({
      data: {
        userId,
        credentialId: credential.id,
        publicKey: new Uint8Array(credential.publicKey),
        counter: BigInt(credential.counter),
        transports: (credential.transports ?? response.response.transports ?? []).slice(0, 10),
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: input.name,
      },
      select: passkeySelect,
    });
    return toPasskeyDto(row);
  } catch (error) {
    // The credential is already registered (excludeCredentials should have stopped it).
    if (prismaCode(error) === "P2002") throw new AppError("invalid_input", { message: strings.security.passkeyAlreadyAdded });
    throw error;
  }
}
