import "server-only";
import { isReservedUsername } from "@/lib/accounts/username";
import type { UserDto } from "@/lib/accounts/user-dto";
import { writeAudit } from "@/lib/audit/audit-log";
import { removeStoredImage } from "@/lib/images/storage";
import { onAccountDeleted } from "@/lib/profile/profile-cache";
import { deleteStatsInBatches } from "@/lib/stats/stats-mutations";
import { db, type Tx } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { AppError, prismaCode } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { errorsStrings } from "@/lib/strings/errors";
import { pagesStrings } from "@/lib/strings/pages";
import { noPermission } from "@/lib/server/page-access";
import { toPageSummary, type PageSummary } from "./page-queries";
import type { CreatePageInput, DeletePageInput } from "./page-schemas";

// Creating and deleting pages. An account owns at most PAGES_PER_ACCOUNT
// pages; its first page is made with the account (registration, Google),
// under the account's id, as the pages migration made every earlier one.

type Actor = Pick<UserDto, "id" | "name" | "username" | "email">;

export const usernameTaken = () => new AppError("username_taken", { errors: { username: errorsStrings.usernameTaken } });

/** The first page of a new account, in the transaction that creates it: same id, its owner. */
export async function createFirstPage(
  tx: Pick<Tx, "page">,
  user: { id: string; name: string },
  page: { username: string; avatarUrl?: string | null },
): Promise<void> {
  await tx.page.create({
    data: {
      id: user.id,
      username: page.username,
      name: user.name,
      avatarUrl: page.avatarUrl ?? null,
      members: { create: { userId: user.id, role: "owner" } },
    },
  });
}

/** POST /api/pages: a new page owned by the caller (409 when the name is taken, 400 past the limit). */
export async function createPage(actor: Actor, input: CreatePageInput): Promise<PageSummary> {
  const userId = actor.id;
  if (isReservedUsername(input.username)) throw usernameTaken();
  try {
    return await db.$transaction(async (tx) => {
      // The account's row is locked: two creations at once cannot both pass the limit.
      await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
      const owned = await tx.pageMember.count({ where: { userId, role: "owner" } });
      if (owned >= env().PAGES_PER_ACCOUNT) {
        throw new AppError("invalid_input", { message: pagesStrings.limitReached });
      }
      const page = await tx.page.create({
        data: { username: input.username, name: input.name, members: { create: { userId, role: "owner" } } },
      });
      await writeAudit(tx, actor, "page.create", null, { page });
      return toPageSummary(page, "owner");
    });
  } catch (error) {
    if (prismaCode(error) === "P2002") throw usernameTaken();
    throw error;
  }
}

/**
 * DELETE /api/pages/{id} (owner; `confirm` is the page's username): the page,
 * its links, images and statistics. An account's last page stays (DELETE
 * /api/user deletes the account).
 */
export async function deletePage(actor: Actor, pageId: string, input: DeletePageInput): Promise<void> {
  const userId = actor.id;
  const member = await db.pageMember.findUnique({
    where: { pageId_userId: { pageId, userId } },
    select: { role: true, page: { select: { username: true, name: true } } },
  });
  if (!member) throw new AppError("not_found");
  if (member.role !== "owner") throw noPermission();
  if (input.confirm !== member.page.username) {
    throw new AppError("invalid_input", { message: pagesStrings.deleteConfirmMismatch, errors: { confirm: pagesStrings.deleteConfirmMismatch } });
  }
  const pages = await db.pageMember.count({ where: { userId } });
  if (pages <= 1) throw new AppError("invalid_input", { message: pagesStrings.lastPage });
  // The log keeps who deleted which page (its snapshot: the row goes).
  await db.$transaction((tx) => writeAudit(tx, actor, "page.delete", null, { page: { id: pageId, name: member.page.name, username: member.page.username } }));
  await deletePages([pageId]);
}

/**
 * Deletes pages with everything of theirs: the statistics first in short
 * batches, then the rows (links, members, invitations, reports cascade), then
 * their image files; every instance and the CDN drop them.
 */
export async function deletePages(pageIds: string[]): Promise<void> {
  if (pageIds.length === 0) return;
  for (const id of pageIds) await deleteStatsInBatches(id);
  const images = await db.$transaction(async (tx) => {
    const pages = await tx.page.findMany({ where: { id: { in: pageIds } }, select: { avatarUrl: true, coverUrl: true } });
    const thumbnails = await tx.link.findMany({ where: { pageId: { in: pageIds }, thumbnailUrl: { not: null } }, select: { thumbnailUrl: true } });
    await tx.page.deleteMany({ where: { id: { in: pageIds } } });
    return [...pages.flatMap((p) => [p.avatarUrl, p.coverUrl]), ...thumbnails.map((l) => l.thumbnailUrl)];
  });
  await afterPagesDeleted(pageIds, images);
}

/** What follows the deletion of pages once it is committed: caches and image files. */
export async function afterPagesDeleted(pageIds: string[], images: (string | null)[]): Promise<void> {
  for (const id of pageIds) await onAccountDeleted(id);
  for (const url of images) {
    if (!url) continue;
    await removeStoredImage(url).catch((error: unknown) => log.warn("page.delete_image_failed", { error: String(error) }));
  }
}

