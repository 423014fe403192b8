import "server-only";
import { confirmCurrentPassword } from "@/lib/accounts/current-password";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { enforceAuthBudget, recordAuthFailure } from "@/lib/accounts/auth-budget";
import type { Limit } from "@/lib/server/rate-limit";
import { securityStrings } from "@/lib/strings/security";
import { decryptSecret, encryptSecret, hashRecoveryCode, newRecoveryCodes } from "./two-factor-crypto";
import type { DisableTwoFactorInput } from "./two-factor-schemas";
import { consumeCode } from "./verify-code";
import { matchingStep, newTotpSecret, otpauthUrl } from "./totp";

const strings = { security: securityStrings };

// Turning two-factor sign-in on and off (api.md, Two-factor sign-in). All
// scoped to the signed-in user's id.

const s = strings.security;
/** Wrong codes while turning two-factor on or off, per account. */
const CODE_FAILURES_PER_USER: Limit = { limit: 10, windowMs: 15 * 60_000 };
const codeBudget = (userId: string, ip: string) => ({ ip, extra: { key: `2fa-fail:user:${userId}`, limit: CODE_FAILURES_PER_USER } });
const invalidCode = () => new AppError("invalid_input", { message: s.invalidCode, errors: { code: s.invalidCode } });

/** POST /api/user/2fa/setup: a new pending secret (a later setup replaces it). */
export async function setupTwoFactor(userId: string): Promise<{ secret: string; otpauthUrl: string }> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, twoFactorEnabled: true } });
  if (user.twoFactorEnabled) throw new AppError("invalid_input", { message: s.alreadyEnabled });
  const secret = newTotpSecret();
  const pendingSecret = encryptSecret(secret);
  await db.twoFactor.upsert({ where: { userId }, create: { userId, pendingSecret }, update: { pendingSecret } });
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}

/** POST /api/user/2fa/enable: the pending secret becomes the secret; ten recovery codes, shown once. */
export async function enableTwoFactor(userId: string, code: string, ip: string, now = Date.now()): Promise<{ recoveryCodes: string[] }> {
  const budget = codeBudget(userId, ip);
  await enforceAuthBudget(budget);
  const row = await db.twoFactor.findUnique({ where: { userId }, select: { pendingSecret: true } });
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { twoFactorEnabled: true } });
  if (user.twoFactorEnabled) throw new AppError("invalid_input", { message: s.alreadyEnabled });
  if (!row?.pendingSecret) throw new AppError("invalid_input", { message: s.setupMissing });
  const step = matchingStep(decryptSecret(row.pendingSecret), code, now);
  if (step === null) {
    await recordAuthFailure(budget);
    throw invalidCode();
  }
  const recoveryCodes = newRecoveryCodes();
  await db.$transaction(async (tx) => {
    // Only the pending secret that was checked is promoted (a setup racing in would change it).
    const { count } = await tx.twoFactor.updateMany({
      where: { userId, pendingSecret: row.pendingSecret },
      data: { secret: row.pendingSecret, pendingSecret: null, lastStep: step },
    });
    if (count !== 1) throw invalidCode();
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await tx.recoveryCode.createMany({ data: recoveryCodes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })) });
    await tx.user.update({ where: { id: userId }, data: { twoFactorEnabled: true } });
  });
  return { recoveryCodes };
}

/** POST /api/user/2fa/disable: the password (where there is one) and a current or recovery code. */
export async function disableTwoFactor(userId: string, input: DisableTwoFactorInput, ip: string): Promise<void> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { twoFactorEnabled: true } });
  if (!user.twoFactorEnabled) throw new AppError("invalid_input", { message: s.notEnabled });
  await confirmCurrentPassword(userId, input.password, ip, "password");
  const budget = codeBudget(userId, ip);
  await enforceAuthBudget(budget);
  if (!(await consumeCode(userId, input.code))) {
    await recordAuthFailure(budget);
    throw invalidCode();
  }
  await db.$transaction([
    db.twoFactor.deleteMany({ where: { userId } }),
    db.recoveryCode.deleteMany({ where: { userId } }),
    db.twoFactorChallenge.deleteMany({ where: { userId } }),
    db.user.update({ where: { id: userId }, data: { twoFactorEnabled: false } }),
  ]);
}
