import "server-only";
import { promoteListedAdmin } from "@/lib/accounts/listed-admin";
import { revokeApiAccess } from "@/lib/api-keys/revoke-api-access";
import { db } from "@/lib/server/db";
import { hashPassword } from "@/lib/server/password";
import { enforce, type Limit } from "@/lib/server/rate-limit";
import type { ForgotPasswordInput, ResetPasswordInput } from "./email-schemas";
import { passwordChangedNotice, passwordResetEmail } from "./messages";
import { queueEmail, recordUnsent } from "./outbox";
import { checkToken, consumeToken, issueToken, RESET_TTL_MS } from "./tokens";
import { invalidLink } from "./verification";

// Password recovery. The answer to "forgot password" never says whether the
// address has an account, in its body or its time: the limits are counted
// the same way for every address, and the request runs the same statements
// either way (lookup, token, outbox row), in its own transaction. For an
// unknown address the token's insert writes nothing and the outbox row is
// written closed, never sent (lib/email/outbox.ts recordUnsent).

export const FORGOT_PER_EMAIL: Limit = { limit: 5, windowMs: 60 * 60_000 };
export const FORGOT_PER_CLIENT: Limit = { limit: 20, windowMs: 60 * 60_000 };
/** A user id no row has (ids are cuids). */
const NOBODY = "-";

/** POST /api/auth/forgot-password. */
export async function requestPasswordReset(input: ForgotPasswordInput, ip: string): Promise<void> {
  await enforce(`forgot:ip:${ip}`, FORGOT_PER_CLIENT);
  await enforce(`forgot:email:${input.email}`, FORGOT_PER_EMAIL);
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email: input.email }, select: { id: true, name: true, email: true } });
    const recipient = user ?? { id: NOBODY, name: input.email.split("@")[0] ?? "", email: input.email };
    const token = await issueToken(tx, { userId: recipient.id, purpose: "reset", email: recipient.email, ttlMs: RESET_TTL_MS });
    const message = passwordResetEmail(recipient, recipient.email, token);
    if (user) await queueEmail(tx, message);
    else await recordUnsent(tx, { ...message, userId: null });
  });
}

/**
 * POST /api/auth/reset-password: a new password, every session and API key
 * revoked (the webhooks the account made turned off), the address verified
 * (the link proved it), and a notice. A token works once.
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
    await revokeApiAccess(tx, user.id);
    await tx.emailToken.deleteMany({ where: { userId: user.id, purpose: "reset" } });
    await queueEmail(tx, passwordChangedNotice(user, user.email));
    await promoteListedAdmin(updated, tx);
  });
}
