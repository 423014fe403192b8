import "server-only";
import { isReservedUsername } from "@/lib/accounts/username";
import type { UserDto } from "@/lib/accounts/user-dto";
import { writeAudit } from "@/lib/audit/audit-log";
import { removeStoredImage } from "@/lib/images/storage";
import { onAccountDeleted } from "@/lib/profile-cache/profile-cache";
import { deleteStatsInBatches } from "@/lib/stats/stats-mutations";
import { db, type Tx } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { AppError, prismaCode } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { errorsStrings } from "@/lib/strings/errors";
import { pagesStrings } from "@/lib/strings/pages";
import { CREATOR_ROLE, rolesWith } from "@/lib/permissions/page-permissions";
import { pageAccess, type PageAccess } from "./page-access";
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
      members: { create: { userId: user.id, role: CREATOR_ROLE } },
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
      const owned = await tx.pageMember.count({ where: { userId, role: { in: rolesWith("page.delete") } } });
      if (owned >= env().PAGES_PER_ACCOUNT) {
        throw new AppError("invalid_input", { message: pagesStrings.limitReached });
      }
      const page = await tx.page.create({
        data: { username: input.username, name: input.name, members: { create: { userId, role: CREATOR_ROLE } } },
      });
      await writeAudit(tx, actor, "page.create", null, { page });
      return toPageSummary(page, CREATOR_ROLE);
    });
  } catch (error) {
    if (prismaCode(error) === "P2002") throw usernameTaken();
    throw error;
  }
}

/**
 * DELETE /api/pages/{id} (page.delete; `confirm` is the page's username): the
 * page, its links, images and statistics. An account's last page stays
 * (DELETE /api/user deletes the account).
 *
 * The last-page rule is decided under a lock on the caller's account row, in
 * the transaction that deletes the page: two deletions at once (of an
 * account's last two pages) run one after the other, and the second finds one
 * page left and is refused. The statistics go first, in short batches, as for
 * an account (years of them are most of a page's rows, and their triggers
 * hold the platform's counters): only after the same checks have passed
 * once, so an ordinary refusal deletes nothing. (The refused one of two
 * deletions racing for an account's last two pages keeps its page, links and
 * team, but its statistics are gone, as with account deletion.)
 */
export async function deletePage(actor: Actor, pageId: string, input: DeletePageInput): Promise<void> {
  await deletable(actor.id, pageId, input);
  await deleteStatsInBatches(pageId);
  const { page, images } = await db.$transaction(async (tx) => {
    // The account first, then the page (as createPage and the team's changes lock them).
    await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${actor.id} FOR UPDATE`;
    const page = await deletable(actor.id, pageId, input, tx);
    // The log keeps who deleted which page (its snapshot: the row goes).
    await writeAudit(tx, actor, "page.delete", null, { page });
    return { page, images: await deletePageRows(tx, [pageId]) };
  });
  await afterPagesDeleted([page.id], images);
}

/** The checks of a page's deletion; in a transaction (`tx`), with the page's row locked. */
async function deletable(userId: string, pageId: string, input: DeletePageInput, tx?: Tx): Promise<PageAccess> {
  const page = await pageAccess(userId, { id: pageId }, "page.delete", { tx, lock: tx !== undefined });
  if (input.confirm !== page.username) {
    throw new AppError("invalid_input", { message: pagesStrings.deleteConfirmMismatch, errors: { confirm: pagesStrings.deleteConfirmMismatch } });
  }
  if ((await (tx ?? db).pageMember.count({ where: { userId } })) <= 1) throw new AppError("invalid_input", { message: pagesStrings.lastPage });
  return page;
}

/** Deletes the pages' rows (links, members, invitations, reports cascade) and gives their images' addresses. */
async function deletePageRows(tx: Tx, pageIds: string[]): Promise<(string | null)[]> {
  const pages = await tx.page.findMany({ where: { id: { in: pageIds } }, select: { avatarUrl: true, coverUrl: true } });
  const thumbnails = await tx.link.findMany({ where: { pageId: { in: pageIds }, thumbnailUrl: { not: null } }, select: { thumbnailUrl: true } });
  await tx.page.deleteMany({ where: { id: { in: pageIds } } });
  return [...pages.flatMap((p) => [p.avatarUrl, p.coverUrl]), ...thumbnails.map((l) => l.thumbnailUrl)];
}

/** What follows the deletion of pages once it is committed: caches and image files. */
async function afterPagesDeleted(pageIds: string[], images: (string | null)[]): Promise<void> {
  for (const id of pageIds) await onAccountDeleted(id);
  for (const url of images) {
    if (!url) continue;
    await removeStoredImage(url).catch((error: unknown) => log.warn("page.delete_image_failed", { error: String(error) }));
  }
}
