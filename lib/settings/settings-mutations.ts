import "server-only";
import { assertPermanentEmailChange } from "@/lib/accounts/disposable-email";
import { isReservedUsername } from "@/lib/accounts/username";
import { toUserDto, type UserDto } from "@/lib/accounts/user-dto";
import type { Page, Prisma } from "@/lib/generated/prisma/client";
import type { ImageVariant } from "@/lib/images/image-rules";
import { discardImage, replaceImage } from "@/lib/images/store-image";
import { onProfileChanged } from "@/lib/profile-cache/profile-cache";
import { can } from "@/lib/permissions/page-permissions";
import { MEMBERSHIP_ORDER, noPermission, type PageAccess } from "@/lib/pages/page-access";
import { db, type Tx } from "@/lib/server/db";
import { AppError, prismaCode } from "@/lib/server/errors";
import { hashPassword } from "@/lib/server/password";
import { enforce, type Limit } from "@/lib/server/rate-limit";
import { confirmCurrentPassword } from "@/lib/accounts/current-password";
import { revokeOtherSessions } from "@/lib/server/session";
import { errorsStrings } from "@/lib/strings/errors";
import { requestEmailChange } from "@/lib/email/verification";
import { queuePageUpdated } from "@/lib/webhooks/page-updated";
import type { UserPatchInput, ChangePasswordInput, CoverSettingsInput, ProfileInput } from "./settings-schemas";

const strings = { errors: errorsStrings };

// Every write to a page's profile and appearance, and to the account's own
// fields (one function per job). A page write takes the page's id (the route
// resolved it from ?page= and checked the caller's role); an account write the
// signed-in user's id: no id ever comes from a request body.

/** Image processing is costly: uploads per account (whichever page they go to). */
export const UPLOADS_PER_USER: Limit = { limit: 30, windowMs: 10 * 60_000 };

/** What the page-aware writes take: the page (from the route) and the caller's account. */
type PageRef = string | Pick<PageAccess, "id">;
const pageIdOf = (page: PageRef) => (typeof page === "string" ? page : page.id);

/**
 * Runs a write that changes what /:username shows, then drops that page from
 * every instance's cache. Each such write queues page.updated inside its own
 * transaction (lib/webhooks/page-updated.ts): the event exists iff the change does.
 */
function publicChange<A extends [PageRef, ...unknown[]], R>(write: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    const result = await write(...args);
    await onProfileChanged(pageIdOf(args[0]));
    return result;
  };
}

const usernameTaken = () => new AppError("username_taken", { errors: { username: strings.errors.usernameTaken } });
const emailTaken = () => new AppError("email_taken", { errors: { email: strings.errors.emailTaken } });

/** The user object of the account `userId` with the page `pageId` (api.md: the user object). */
export async function userWithPage(userId: string, pageId: string, client: Tx | typeof db = db): Promise<UserDto> {
  const [user, page] = await Promise.all([client.user.findUniqueOrThrow({ where: { id: userId } }), client.page.findUniqueOrThrow({ where: { id: pageId } })]);
  return toUserDto(user, page);
}

/** The owner-only fields (api.md, Roles) an editor may send only unchanged: 403 `Sem permissão nesta página` otherwise. */
type OwnerOnlyFields = Partial<Pick<Page, "username" | "sensitive" | "seoTitle" | "seoDescription" | "indexable">>;

function assertMayChange(page: PageAccess, stored: OwnerOnlyFields, input: OwnerOnlyFields): void {
  if (can(page.role, "page.settings")) return;
  for (const key of Object.keys(input) as (keyof OwnerOnlyFields)[]) {
    if (input[key] !== undefined && input[key] !== stored[key]) throw noPermission();
  }
}

/**
 * PUT /api/user/profile. Account fields (e-mail, phone) are the caller's;
 * page fields (name, bio, socials) and the username belong to the page
 * (`page`: the one of ?page=, an editor may edit it; the username is the
 * owner's: an editor who changes it gets 403 and nothing changes). A new
 * username frees the old one at once (it is just this row's value). A new
 * e-mail only becomes pending: the account keeps its address until the link
 * sent to the new one is opened (lib/email/verification.ts).
 */
export const updateProfile = publicChange(async function updateProfile(page: PageAccess, userId: string, input: ProfileInput): Promise<UserDto> {
  const stored = await db.page.findUniqueOrThrow({ where: { id: page.id }, select: { username: true } });
  assertMayChange(page, stored, { username: input.username });
  if (isReservedUsername(input.username)) throw usernameTaken();
  await assertPermanentEmailChange(userId, input.email);
  const [byName, byEmail] = await Promise.all([
    db.page.findFirst({ where: { username: input.username, id: { not: page.id } }, select: { id: true } }),
    db.user.findFirst({ where: { email: input.email, id: { not: userId } }, select: { id: true } }),
  ]);
  if (byName) throw usernameTaken();
  if (byEmail) throw emailTaken();
  try {
    const user = await db.$transaction(async (tx) => {
      await tx.page.update({
        where: { id: page.id },
        data: { name: input.name, username: input.username, bio: input.bio, socials: input.socials },
      });
      // On the caller's own first page the name is also the person's, as
      // before pages (e-mails greet it, the admin's accounts list shows it);
      // another page's name is that page's only.
      const first = await tx.pageMember.findFirst({ where: { userId }, orderBy: MEMBERSHIP_ORDER, select: { pageId: true } });
      const ownName = first?.pageId === page.id ? { name: input.name } : {};
      const updated = await tx.user.update({ where: { id: userId }, data: { phone: input.phone, ...ownName } });
      await queuePageUpdated(tx, page.id);
      return updated;
    });
    if (input.email !== user.email || user.pendingEmail) await requestEmailChange(userId, input.email);
    return userWithPage(userId, page.id);
  } catch (error) {
    // Another page took the name (or another account the address) between the
    // checks and the update: Prisma 7 does not say which column, so look again.
    if (prismaCode(error) !== "P2002") throw error;
    const taken = await db.page.findFirst({ where: { username: input.username, id: { not: page.id } }, select: { id: true } });
    throw taken ? usernameTaken() : emailTaken();
  }
});

/**
 * PUT /api/user/password. The current password is checked when the account
 * has one (a Google-linked account sets its first one without). Every other
 * session of the user ends; the caller's (`keepSid`) stays. Wrong guesses
 * count per account and against the caller's address (`ip`), with sign-in's.
 */
export async function changePassword(userId: string, keepSid: string, input: ChangePasswordInput, ip: string): Promise<void> {
  await confirmCurrentPassword(userId, input.currentPassword, ip, "currentPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await db.user.update({ where: { id: userId }, data: { passwordHash } });
  await revokeOtherSessions(userId, keepSid);
}

/** The stored URL of a page's image, locked until the transaction ends (two uploads at once). */
async function lockImageUrl(tx: Prisma.TransactionClient, pageId: string, variant: ImageVariant): Promise<string | null> {
  const rows =
    variant === "avatar"
      ? await tx.$queryRaw<{ url: string | null }[]>`SELECT "avatarUrl" AS url FROM "Page" WHERE id = ${pageId} FOR UPDATE`
      : await tx.$queryRaw<{ url: string | null }[]>`SELECT "coverUrl" AS url FROM "Page" WHERE id = ${pageId} FOR UPDATE`;
  if (!rows[0]) throw new AppError("not_found");
  return rows[0].url;
}

/** The uploads of an account, whichever page they go to. */
const enforceUploads = (userId: string) => enforce(`upload:user:${userId}`, UPLOADS_PER_USER);

/**
 * POST /api/user/avatar: the photo of page `pageId`, uploaded by account
 * `userId` (counted against its upload limit; the answer is its user object
 * with that page).
 */
export const updateAvatar = publicChange(async function updateAvatar(pageId: string, userId: string, bytes: Uint8Array): Promise<UserDto> {
  await enforceUploads(userId);
  return replaceImage({
    bytes,
    variant: "avatar",
    commit: (url) =>
      db.$transaction(async (tx) => {
        const previous = await lockImageUrl(tx, pageId, "avatar");
        await tx.page.update({ where: { id: pageId }, data: { avatarUrl: url } });
        await queuePageUpdated(tx, pageId);
        return { result: await userWithPage(userId, pageId, tx), previous };
      }),
  });
});

function coverData(input: CoverSettingsInput): Prisma.PageUpdateInput {
  return {
    coverAspectRatio: input.aspectRatio,
    backgroundColor: input.backgroundColor,
    fontColor: input.fontColor,
    imageOpacity: input.imageOpacity,
    imagePosition: input.imagePosition,
    linkButtonColor: input.linkButtonColor,
    linkButtonOpacity: input.linkButtonOpacity,
    buttonStyle: input.buttonStyle,
    buttonShape: input.buttonShape,
    fontFamily: input.fontFamily,
  };
}

/** Absent fields are left out of the update (strictUndefinedChecks refuses undefined values). */
function definedOnly<T extends object>(data: T): T {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as T;
}

/** POST /api/user/cover: the settings of page `pageId`, and a new cover image when one is sent (counted against `userId`'s uploads). */
export const updateCover = publicChange(async function updateCover(
  pageId: string,
  userId: string,
  input: CoverSettingsInput,
  image?: Uint8Array,
): Promise<UserDto> {
  const data = definedOnly(coverData(input));
  if (!image) {
    await db.$transaction(async (tx) => {
      await tx.page.update({ where: { id: pageId }, data });
      await queuePageUpdated(tx, pageId);
    });
    return userWithPage(userId, pageId);
  }
  await enforceUploads(userId);
  return replaceImage({
    bytes: image,
    variant: "cover",
    commit: (url) =>
      db.$transaction(async (tx) => {
        const previous = await lockImageUrl(tx, pageId, "cover");
        await tx.page.update({ where: { id: pageId }, data: { ...data, coverUrl: url } });
        await queuePageUpdated(tx, pageId);
        return { result: await userWithPage(userId, pageId, tx), previous };
      }),
  });
});

/** POST /api/user/cover/remove: page `pageId` has no cover and no aspect ratio; the file is deleted. */
export const removeCover = publicChange(async function removeCover(pageId: string, userId: string): Promise<UserDto> {
  const previous = await db.$transaction(async (tx) => {
    const previous = await lockImageUrl(tx, pageId, "cover");
    await tx.page.update({ where: { id: pageId }, data: { coverUrl: null, coverAspectRatio: null } });
    await queuePageUpdated(tx, pageId);
    return previous;
  });
  await discardImage(previous);
  return userWithPage(userId, pageId);
});

/**
 * PATCH /api/user: appearance (an editor may), search-engine and
 * sensitive-content fields (the owner's: an editor who changes one gets 403
 * and nothing changes), all shown on /:username.
 */
export const updateAppearance = publicChange(async function updateAppearance(page: PageAccess, userId: string, input: UserPatchInput): Promise<UserDto> {
  const data = definedOnly({ ...input });
  if (!can(page.role, "page.settings")) {
    const stored = await db.page.findUniqueOrThrow({
      where: { id: page.id },
      select: { sensitive: true, seoTitle: true, seoDescription: true, indexable: true },
    });
    assertMayChange(page, stored, { sensitive: data.sensitive, seoTitle: data.seoTitle, seoDescription: data.seoDescription, indexable: data.indexable });
  }
  await db.$transaction(async (tx) => {
    await tx.page.update({ where: { id: page.id }, data });
    await queuePageUpdated(tx, page.id);
  });
  return userWithPage(userId, page.id);
});
