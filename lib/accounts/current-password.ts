import "server-only";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { verifyPassword } from "@/lib/server/password";
import type { Limit } from "@/lib/server/rate-limit";
import { settingsStrings } from "@/lib/strings/settings";
import { enforceAuthBudget, recordAuthFailure } from "./auth-budget";

const strings = { settings: settingsStrings };

/** Guessing the current password with a stolen session. */
const PASSWORD_FAILURES_PER_USER: Limit = { limit: 10, windowMs: 15 * 60_000 };

/**
 * Asks a signed-in user for their current password before a sensitive change
 * (new password, two-factor off, account deletion). An account without one
 * (Google only) is not asked. Wrong guesses count per account and against the
 * caller's address (`ip`), with sign-in's. `field` names the form field.
 */
export async function confirmCurrentPassword(userId: string, password: string | undefined, ip: string, field: string): Promise<void> {
  const row = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!row.passwordHash) return;
  if (!password) throw new AppError("invalid_input", { errors: { [field]: strings.settings.currentPasswordRequired } });
  const keys = { ip, extra: { key: `password-fail:user:${userId}`, limit: PASSWORD_FAILURES_PER_USER } };
  await enforceAuthBudget(keys);
  if (!(await verifyPassword(row.passwordHash, password))) {
    await recordAuthFailure(keys);
    throw new AppError("invalid_input", {
      message: strings.settings.currentPasswordWrong,
      errors: { [field]: strings.settings.currentPasswordWrong },
    });
  }
}
