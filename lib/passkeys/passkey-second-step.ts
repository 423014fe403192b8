import "server-only";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { UserDto } from "@/lib/accounts/user-dto";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { securityStrings } from "@/lib/strings/security";
import type { NewSession } from "@/lib/server/session";
import { countSecondStepTry, finishSecondStep, liveSecondStep, recordSecondStepFailure } from "@/lib/two-factor/second-step";
import { assertionOptions, verifyAssertion } from "./passkey-assertion";

const strings = { security: securityStrings };

// A passkey of the account in place of the six-digit code, after the
// password: the pending sign-in's challenge cookie (lib/two-factor/
// second-step.ts) names the account; the passkey must be one of its own.

/** POST /api/login/2fa/passkey/options */
export async function secondStepPasskeyOptions(req: Request): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const pending = await liveSecondStep(req);
  if ((await db.passkey.count({ where: { userId: pending.userId } })) === 0) {
    throw new AppError("invalid_input", { message: strings.security.noPasskeyForSecondStep });
  }
  return assertionOptions("second-step", { userId: pending.userId });
}

/** POST /api/login/2fa/passkey: the same limits as a code (five tries per sign-in, the sign-in budget). */
export async function completeSecondStepWithPasskey(req: Request, answer: unknown, ip: string): Promise<{ user: UserDto; session: NewSession }> {
  const pending = await liveSecondStep(req);
  const keys = await countSecondStepTry(pending, ip);
  try {
    await verifyAssertion(answer, "second-step", pending.userId);
  } catch (error) {
    await recordSecondStepFailure(keys);
    throw error;
  }
  return finishSecondStep(pending, req, "passkey");
}
