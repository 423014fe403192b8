import "server-only";
import { db } from "@/lib/server/db";
import { decryptSecret, hashRecoveryCode, normalizeRecoveryCode } from "./two-factor-crypto";
import { matchingStep } from "./totp";

/**
 * Spends a code of a user whose two-factor is on: a current 6-digit code (its
 * step must be newer than the last one accepted, so no code works twice) or
 * an unused recovery code (marked used). Both spends are one conditional
 * update, so two requests racing with the same code cannot both pass.
 */
export async function consumeCode(userId: string, typed: string, now = Date.now()): Promise<boolean> {
  const digits = typed.replace(/\s+/g, "");
  if (/^\d{6}$/.test(digits)) return consumeTotp(userId, digits, now);
  if (normalizeRecoveryCode(typed).length !== 10) return false;
  const { count } = await db.recoveryCode.updateMany({
    where: { userId, codeHash: hashRecoveryCode(typed), usedAt: null, user: { twoFactorEnabled: true } },
    data: { usedAt: new Date(now) },
  });
  return count === 1;
}

async function consumeTotp(userId: string, code: string, now: number): Promise<boolean> {
  const row = await db.twoFactor.findUnique({ where: { userId }, select: { secret: true } });
  if (!row?.secret) return false;
  const step = matchingStep(decryptSecret(row.secret), code, now);
  if (step === null) return false;
  const { count } = await db.twoFactor.updateMany({ where: { userId, lastStep: { lt: step } }, data: { lastStep: step } });
  return count === 1;
}
