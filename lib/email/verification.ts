import "server-only";
import type { Tx } from "@/lib/server/db";
import { promoteListedAdmin } from "@/lib/accounts/listed-admin";
import { db } from "@/lib/server/db";
import { AppError, prismaCode } from "@/lib/server/errors";
import { enforce, type Limit } from "@/lib/server/rate-limit";
import { emailStrings } from "@/lib/strings/email";
import { errorsStrings } from "@/lib/strings/errors";
import { emailChangeEmail, emailChangeNotice, verificationEmail } from "./messages";
import { queueEmail } from "./outbox";
import { consumeToken, issueToken, VERIFY_TTL_MS } from "./tokens";

const strings = { email: emailStrings, errors: errorsStrings };

// Proving an address: the link sent at registration, the resend, and the
// e-mail change (the account keeps its address until the new one's link is
// opened). One live verification link per account: a new one voids the last.

export const RESENDS_PER_USER: Limit = { limit: 5, windowMs: 60 * 60_000 };

interface Account {
  id: string;
  name: string;
  email: string;
}

export const invalidLink = () => new AppError("invalid_input", { message: strings.email.invalidLink });
const emailTaken = () => new AppError("email_taken", { errors: { email: strings.errors.emailTaken } });

/** Queues the verification link for the account's current address (inside the caller's transaction). */
export async function queueVerification(tx: Tx, user: Account): Promise<void> {
  const token = await issueToken(tx, { userId: user.id, purpose: "verify", email: user.email, ttlMs: VERIFY_TTL_MS });
  await queueEmail(tx, verificationEmail(user, user.email, token));
}

async function queueChangeLink(tx: Tx, user: Account, newEmail: string): Promise<void> {
  const token = await issueToken(tx, { userId: user.id, purpose: "verify", email: newEmail, ttlMs: VERIFY_TTL_MS });
  await queueEmail(tx, emailChangeEmail(user, newEmail, token));
}

/**
 * PUT /api/user/profile with another address: it becomes `pendingEmail`, a
 * link goes to it and a notice to the current one. Asking for the current
 * address again cancels a pending change.
 */
export async function requestEmailChange(userId: string, newEmail: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, name: true, email: true, pendingEmail: true, emailVerified: true },
    });
    if (newEmail === user.email) {
      if (user.pendingEmail) {
        await tx.user.update({ where: { id: userId }, data: { pendingEmail: null } });
        await tx.emailToken.deleteMany({ where: { userId, purpose: "verify", email: { not: user.email } } });
      }
      return;
    }
    if (newEmail === user.pendingEmail) return;
    await tx.user.update({ where: { id: userId }, data: { pendingEmail: newEmail } });
    await queueChangeLink(tx, user, newEmail);
    await queueEmail(tx, emailChangeNotice(user, user.email, newEmail));
  });
}

/** POST /api/auth/verify-email/resend: a new link (the last stops working); nothing when there is nothing to prove. */
export async function resendVerification(userId: string): Promise<void> {
  await enforce(`verify-resend:user:${userId}`, RESENDS_PER_USER);
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, name: true, email: true, pendingEmail: true, emailVerified: true },
    });
    if (user.pendingEmail) await queueChangeLink(tx, user, user.pendingEmail);
    else if (!user.emailVerified) await queueVerification(tx, user);
  });
}

/**
 * POST /api/auth/verify-email: the link's address is proved. For a change,
 * the account moves to it (409 if another account has it now).
 */
export async function verifyEmail(token: string): Promise<void> {
  try {
    await db.$transaction(async (tx) => {
      const proved = await consumeToken(tx, token, "verify");
      if (!proved) throw invalidLink();
      const user = await tx.user.findUniqueOrThrow({ where: { id: proved.userId } });
      if (proved.email !== user.email) {
        const other = await tx.user.findFirst({ where: { email: proved.email, id: { not: user.id } }, select: { id: true } });
        if (other) throw emailTaken();
      }
      const updated = await tx.user.update({
        where: { id: user.id },
        data: {
          email: proved.email,
          emailVerified: new Date(),
          ...(user.pendingEmail === proved.email || proved.email !== user.email ? { pendingEmail: null } : {}),
        },
      });
      await promoteListedAdmin(updated, tx);
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (prismaCode(error) === "P2002") throw emailTaken();
    throw error;
  }
}
