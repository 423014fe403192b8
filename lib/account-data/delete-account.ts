import "server-only";
import { confirmCurrentPassword } from "@/lib/accounts/current-password";
import type { Prisma } from "@/lib/generated/prisma/client";
import { removeStoredImage } from "@/lib/images/storage";
import { onAccountDeleted } from "@/lib/profile/profile-cache";
import { deleteStatsInBatches } from "@/lib/stats/stats-mutations";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { securityStrings } from "@/lib/strings/security";
import type { DeleteAccountInput } from "./account-data-schemas";

const strings = { security: securityStrings };

// DELETE /api/user (LGPD art. 18): the account and everything of it. Its
// statistics go first, in short batches (lib/stats/stats-mutations.ts); then,
// in one transaction, deleting the User row cascades to links, sessions,
// provider accounts, two-factor rows and any table other features tie to the user; what
// names the user without a foreign key (audit snapshots, rate-limit keys) is
// scrubbed here. Then the image files go and every instance drops the page.

const s = strings.security;
const GONE = { name: s.deletedAccount, username: "", email: "" };

type Tx = Prisma.TransactionClient;

export async function deleteAccount(userId: string, input: DeleteAccountInput, ip: string): Promise<void> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { username: true, isAdmin: true } });
  if (input.confirm !== user.username) {
    throw new AppError("invalid_input", { message: s.confirmMismatch, errors: { confirm: s.confirmMismatch } });
  }
  await confirmCurrentPassword(userId, input.password, ip, "password");
  // Refused before anything is deleted; checked again under lock below.
  if (user.isAdmin) refuseLastAdmin(await db.user.count({ where: { isAdmin: true } }));
  // The statistics first, in short batches (years of them are most of an
  // account's rows): the transaction below then holds its locks briefly.
  await deleteStatsInBatches(userId);
  const images = await db.$transaction(async (tx) => {
    // Every administrator row is locked, as admin changes do: two last admins
    // deleting themselves at once cannot leave none.
    await tx.$queryRaw`SELECT id FROM "User" WHERE "isAdmin" = true OR id = ${userId} FOR UPDATE`;
    const row = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { email: true, isAdmin: true, avatarUrl: true, coverUrl: true },
    });
    if (row.isAdmin) refuseLastAdmin(await tx.user.count({ where: { isAdmin: true } }));
    await scrubAuditSnapshots(tx, userId);
    await tx.rateLimit.deleteMany({
      where: { OR: [{ key: { contains: userId } }, { key: { endsWith: `:${row.email}` } }] },
    });
    await tx.verificationToken.deleteMany({ where: { identifier: row.email } });
    const thumbnails = await tx.link.findMany({ where: { userId, thumbnailUrl: { not: null } }, select: { thumbnailUrl: true } });
    await tx.user.delete({ where: { id: userId } });
    return [row.avatarUrl, row.coverUrl, ...thumbnails.map((l) => l.thumbnailUrl)];
  });
  await onAccountDeleted(userId);
  for (const url of images) {
    await removeStoredImage(url).catch((error: unknown) =>
      // The orphan sweep (lib/images/sweep-orphans.ts) removes it later.
      log.warn("account.delete_image_failed", { error: String(error) }),
    );
  }
}

/** The last administrator cannot delete their account (`admins`: how many there are, this one included). */
function refuseLastAdmin(admins: number): void {
  if (admins <= 1) throw new AppError("invalid_input", { message: s.lastAdmin });
}

/** The administration log keeps what happened, not who it was: snapshots of the user are blanked. */
async function scrubAuditSnapshots(tx: Tx, userId: string): Promise<void> {
  const rows = await tx.auditLog.findMany({
    where: { OR: [{ actorId: userId }, { targetId: userId }] },
    select: { id: true, actorId: true, targetId: true, details: true },
  });
  for (const row of rows) {
    const details = { ...((row.details ?? {}) as Record<string, Prisma.InputJsonValue>) };
    if (row.actorId === userId) details.actor = GONE;
    if (row.targetId === userId) details.target = GONE;
    await tx.auditLog.update({ where: { id: row.id }, data: { details } });
  }
}
