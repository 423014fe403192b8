import { z } from "zod";
import { securityStrings } from "@/lib/strings/security";

const strings = { security: securityStrings };

// One schema, two users: the security settings' forms and the handlers.
// The browser's answers (@simplewebauthn/browser's JSON) are checked for
// shape here; what they prove is checked by @simplewebauthn/server.

const s = strings.security;
export const PASSKEY_NAME_MAX = 60;

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/);
const transports = z.array(z.string().max(32)).max(10).optional();
const common = {
  id: base64url.min(1).max(1_400),
  rawId: base64url.min(1).max(1_400),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

export const registrationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    authenticatorData: base64url.optional(),
    transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
});

export const passkeyNameSchema = z
  .string({ error: s.passkeyNameRequired })
  .transform((v) => v.trim().replace(/\s+/g, " "))
  .pipe(z.string().min(1, s.passkeyNameRequired).max(PASSKEY_NAME_MAX, s.passkeyNameTooLong));

/** The browser's answer is looked at by the feature function (a bad one → 400 'Passkey não reconhecida'). */
const browserAnswer = z.unknown();

/** POST /api/passkeys */
export const addPasskeySchema = z.object({ response: browserAnswer, name: passkeyNameSchema });
export type AddPasskeyInput = z.infer<typeof addPasskeySchema>;

/** PATCH /api/passkeys/{id} */
export const renamePasskeySchema = z.object({ name: passkeyNameSchema });
export type RenamePasskeyInput = z.infer<typeof renamePasskeySchema>;

/** DELETE /api/passkeys/{id}: the password where the account has one. */
export const removePasskeySchema = z.object({ password: z.string().max(200).optional() });
export type RemovePasskeyInput = z.infer<typeof removePasskeySchema>;

/** POST /api/login/passkey */
export const passkeySignInSchema = z.object({ response: browserAnswer, remember: z.boolean().optional().default(false) });
export type PasskeySignInInput = z.infer<typeof passkeySignInSchema>;

/** POST /api/login/2fa/passkey */
export const passkeySecondStepSchema = z.object({ response: browserAnswer });

export const passkeyIdSchema = z.object({ id: z.string().min(1).max(64) });
