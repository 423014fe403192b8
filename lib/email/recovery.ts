import "server-only";
import { promoteListedAdmin } from "@/lib/accounts/listed-admin";
import { db } from "@/lib/server/db";
import { errorFields, log } from "@/lib/server/log";
import { hashPassword } from "@/lib/server/password";
import { enforce, type Limit } from "@/lib/server/rate-limit";
import type { ForgotPasswordInput, ResetPasswordInput } from "./email-schemas";
import { passwordChangedNotice, passwordResetEmail } from "./messages";
import { queueEmail } from "./outbox";
import { checkToken, consumeToken, issueToken, RESET_TTL_MS } from "./tokens";
import { invalidLink } from "./verification";

// Password recovery. The answer to "forgot password" never says whether the
// address has an account, in its body or its time: the limits are counted
// the same way for every address and the account's work (lookup, token,
// message) runs after the answer, outside the request.

export const FORGOT_PER_EMAIL: Limit = { limit: 5, windowMs: 60 * 60_000 };
export const FORGOT_PER_CLIENT: Limit = { limit: 20, windowMs: 60 * 60_000 };
const AFTER_ANSWER_MS = 25;

/** POST /api/auth/forgot-password. */
export async function requestPasswordReset(input: ForgotPasswordInput, ip: string): Promise<void> {
  await enforce(`forgot:ip:${ip}`, FORGOT_PER_CLIENT);
  await enforce(`forgot:email:${input.email}`, FORGOT_PER_EMAIL);
  // Started once the answer is on its way, so its database work cannot slow
  // the answer itself down (which would tell that the account exists).
  const queueLater = setTimeout(() => {
    queuePasswordReset(input.email).catch((error: unknown) => log.error("email.reset_queue_failed", { error: errorFields(error).error }));
  }, AFTER_ANSWER_MS);
  queueLater.unref?.();
}

async function queuePasswordReset(email: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email }, select: { id: true, name: true, email: true } });
    if (!user) return;
    const token = await issueToken(tx, { userId: user.id, purpose: "reset", email: user.email, ttlMs: RESET_TTL_MS });
    await queueEmail(tx, passwordResetEmail(user, user.email, token));
  });
}

/**
 * POST /api/auth/reset-password: a new password, every session revoked, the
 * address verified (the link proved it), and a notice. A token works once.
 */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  // Cheap check first: an invalid link costs no password hashing.
  if (!(await checkToken(db, input.token, "reset"))) throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  await db.$transaction(async (tx) => {
    const proved = await consumeToken(tx, input.token, "reset");
    if (!proved) throw invalidLink();
    const user = await tx.user.findUniqueOrThrow({ where: { id: proved.userId } });
    const stillTheAddress = proved.email === user.email;
    const updated = await tx.user.update({
      where: { id: user.id },
      data: { passwordHash, ...(stillTheAddress && !user.emailVerified ? { emailVerified: new Date() } : {}) },
    });
    await tx.session.deleteMany({ where: { userId: user.id } });
    await tx.emailToken.deleteMany({ where: { userId: user.id, purpose: "reset" } });
    await queueEmail(tx, passwordChangedNotice(user, user.email));
    await promoteListedAdmin(updated, tx);
  });
}
