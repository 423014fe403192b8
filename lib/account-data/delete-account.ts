import "server-only";
import { rolesWith } from "@/lib/permissions/page-permissions";
import { confirmCurrentPassword } from "@/lib/accounts/current-password";
import type { Prisma } from "@/lib/generated/prisma/client";
import { removeStoredImage } from "@/lib/images/storage";
import { onAccountDeleted } from "@/lib/profile-cache/profile-cache";
import { turnOffMemberWebhooks } from "@/lib/pages/member-webhooks";
import { deleteStatsInBatches } from "@/lib/stats/stats-mutations";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { MEMBERSHIP_ORDER } from "@/lib/pages/page-access";
import { pagesStrings } from "@/lib/strings/pages";
import { securityStrings } from "@/lib/strings/security";
import type { DeleteAccountInput } from "./account-data-schemas";

const strings = { security: securityStrings };

// DELETE /api/user (LGPD art. 18): the account, the pages it alone owns and
// everything of them. A page that has another owner stays theirs (the
// account's membership goes), and so does a page where it is only an editor.
// The deleted pages' statistics go first, in short batches
// (lib/stats/stats-mutations.ts); then, in one transaction, deleting those
// Page rows and the User row cascades to links, members, invitations,
// reports, appeals, sessions, provider accounts, two-factor rows and any
// table other features tie to the user or the page; what names them without
// a foreign key (audit snapshots, rate-limit keys) is scrubbed here. Then the
// image files go and every instance drops the pages.

const s = strings.security;
const GONE = { name: s.deletedAccount, username: "", email: "" };
const GONE_PAGE = { name: pagesStrings.deleted, username: "" };

type Tx = Prisma.TransactionClient;

/** The roles of a page's owners (those who may delete it). */
const owners = () => rolesWith("page.delete");

/** The pages `userId` owns with no other owner: the ones its deletion deletes. */
async function pagesOwnedAlone(client: Pick<Tx, "pageMember"> | typeof db, userId: string): Promise<string[]> {
  const owned = await client.pageMember.findMany({
    where: { userId, role: { in: owners() } },
    select: { pageId: true, page: { select: { members: { where: { role: { in: owners() }, userId: { not: userId } }, select: { userId: true }, take: 1 } } } },
  });
  return owned.filter((m) => m.page.members.length === 0).map((m) => m.pageId);
}

/**
 * What `confirm` must be: the account's first page's username (as when an
 * account had one page); the e-mail for an account that manages no page.
 */
async function confirmationOf(userId: string): Promise<{ expected: string; isAdmin: boolean }> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, isAdmin: true, memberships: { orderBy: [...MEMBERSHIP_ORDER], take: 1, select: { page: { select: { username: true } } } } },
  });
  return { expected: user.memberships[0]?.page.username ?? user.email, isAdmin: user.isAdmin };
}

export async function deleteAccount(userId: string, input: DeleteAccountInput, ip: string): Promise<void> {
  const user = await confirmationOf(userId);
  if (input.confirm !== user.expected) {
    throw new AppError("invalid_input", { message: s.confirmMismatch, errors: { confirm: s.confirmMismatch } });
  }
  await confirmCurrentPassword(userId, input.password, ip, "password");
  // Refused before anything is deleted; checked again under lock below.
  if (user.isAdmin) refuseLastAdmin(await db.user.count({ where: { isAdmin: true } }));
  // The statistics first, in short batches (years of them are most of a
  // page's rows): the transaction below then holds its locks briefly. (A
  // page another owner joins meanwhile is kept below, without them.)
  for (const pageId of await pagesOwnedAlone(db, userId)) await deleteStatsInBatches(pageId);
  const { pageIds, images } = await db.$transaction(async (tx) => {
    // Every administrator row is locked, as admin changes do: two last admins
    // deleting themselves at once cannot leave none.
    await tx.$queryRaw`SELECT id FROM "User" WHERE "isAdmin" = true OR id = ${userId} FOR UPDATE`;
    // The pages it owns, locked as the team changes lock them: no other owner
    // leaves (or joins) one of them while this decides which to delete.
    await tx.$queryRaw`SELECT id FROM "Page" WHERE id IN (SELECT "pageId" FROM "PageMember" WHERE "userId" = ${userId} AND "role" = ANY(${owners()}::text[])) ORDER BY id FOR UPDATE`;
    const row = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, isAdmin: true } });
    if (row.isAdmin) refuseLastAdmin(await tx.user.count({ where: { isAdmin: true } }));
    const pageIds = await pagesOwnedAlone(tx, userId);
    await scrubAuditSnapshots(tx, userId, pageIds);
    await tx.rateLimit.deleteMany({
      where: { OR: [{ key: { contains: userId } }, { key: { endsWith: `:${row.email}` } }, ...pageIds.map((id) => ({ key: { contains: id } }))] },
    });
    await tx.verificationToken.deleteMany({ where: { identifier: row.email } });
    const [pages, thumbnails] = await Promise.all([
      tx.page.findMany({ where: { id: { in: pageIds } }, select: { avatarUrl: true, coverUrl: true } }),
      tx.link.findMany({ where: { pageId: { in: pageIds }, thumbnailUrl: { not: null } }, select: { thumbnailUrl: true } }),
    ]);
    await tx.page.deleteMany({ where: { id: { in: pageIds } } });
    // Deleting the user only clears createdById: its endpoints on the pages that stay go off first.
    await turnOffMemberWebhooks(tx, userId, "deleted");
    await tx.user.delete({ where: { id: userId } });
    return { pageIds, images: [...pages.flatMap((p) => [p.avatarUrl, p.coverUrl]), ...thumbnails.map((l) => l.thumbnailUrl)] };
  });
  for (const pageId of pageIds) await onAccountDeleted(pageId);
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

/**
 * The administration log keeps what happened, not who it was: snapshots of
 * the user, and of the pages deleted with it, are blanked.
 */
async function scrubAuditSnapshots(tx: Tx, userId: string, pageIds: string[]): Promise<void> {
  const rows = await tx.auditLog.findMany({
    where: { OR: [{ actorId: userId }, { targetId: userId }, ...(pageIds.length ? [{ pageId: { in: pageIds } }] : [])] },
    select: { id: true, actorId: true, targetId: true, pageId: true, details: true },
  });
  const gonePages = new Set(pageIds);
  for (const row of rows) {
    const details = { ...((row.details ?? {}) as Record<string, Prisma.InputJsonValue>) };
    if (row.actorId === userId) details.actor = GONE;
    if (row.targetId === userId) details.target = GONE;
    if (row.pageId && gonePages.has(row.pageId)) {
      if (details.page) details.page = GONE_PAGE;
      // A page action's target is the page itself.
      if (!row.targetId) details.target = { ...GONE_PAGE, email: "" };
    }
    await tx.auditLog.update({ where: { id: row.id }, data: { details } });
  }
}
