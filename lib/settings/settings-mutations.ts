import "server-only";
import { assertPermanentEmailChange } from "@/lib/accounts/disposable-email";
import { isReservedUsername } from "@/lib/accounts/username";
import { toUserDto, type UserDto } from "@/lib/accounts/user-dto";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ImageVariant } from "@/lib/images/image-rules";
import { discardImage, replaceImage } from "@/lib/images/store-image";
import { onProfileChanged } from "@/lib/profile/profile-cache";
import { db } from "@/lib/server/db";
import { AppError, prismaCode } from "@/lib/server/errors";
import { hashPassword } from "@/lib/server/password";
import { enforce, type Limit } from "@/lib/server/rate-limit";
import { confirmCurrentPassword } from "@/lib/accounts/current-password";
import { revokeOtherSessions } from "@/lib/server/session";
import { errorsStrings } from "@/lib/strings/errors";
import { requestEmailChange } from "@/lib/email/verification";
import type { UserPatchInput, ChangePasswordInput, CoverSettingsInput, ProfileInput } from "./settings-schemas";

const strings = { errors: errorsStrings };

// Every write to a user's profile and appearance (one function per job). Each
// is scoped to the signed-in user's id: no id ever comes from a request body.

/** Image processing is costly: uploads per account. */
export const UPLOADS_PER_USER: Limit = { limit: 30, windowMs: 10 * 60_000 };
/** Runs a write that changes what /:username shows, then drops that page from every instance's cache. */
function publicChange<A extends [string, ...unknown[]], R>(write: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    const result = await write(...args);
    await onProfileChanged(args[0]);
    return result;
  };
}

const usernameTaken = () => new AppError("username_taken", { errors: { username: strings.errors.usernameTaken } });
const emailTaken = () => new AppError("email_taken", { errors: { email: strings.errors.emailTaken } });

/**
 * PUT /api/user/profile. A new username frees the old one at once (it is just
 * this row's value). A new e-mail only becomes pending: the account keeps its
 * address until the link sent to the new one is opened (lib/email/verification.ts).
 */
export const updateProfile = publicChange(async function updateProfile(userId: string, input: ProfileInput): Promise<UserDto> {
  if (isReservedUsername(input.username)) throw usernameTaken();
  await assertPermanentEmailChange(userId, input.email);
  const [byName, byEmail] = await Promise.all([
    db.user.findFirst({ where: { username: input.username, id: { not: userId } }, select: { id: true } }),
    db.user.findFirst({ where: { email: input.email, id: { not: userId } }, select: { id: true } }),
  ]);
  if (byName) throw usernameTaken();
  if (byEmail) throw emailTaken();
  try {
    const user = await db.user.update({
      where: { id: userId },
      data: {
        name: input.name,
        username: input.username,
        phone: input.phone,
        bio: input.bio,
        socials: input.socials as Prisma.InputJsonObject,
      },
    });
    if (input.email === user.email && !user.pendingEmail) return toUserDto(user);
    await requestEmailChange(userId, input.email);
    return toUserDto(await db.user.findUniqueOrThrow({ where: { id: userId } }));
  } catch (error) {
    // Another account took the name or the address between the checks and
    // the update: Prisma 7 does not say which column, so look again.
    if (prismaCode(error) !== "P2002") throw error;
    const taken = await db.user.findFirst({ where: { username: input.username, id: { not: userId } }, select: { id: true } });
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

/** The stored URL of a user's image, locked until the transaction ends (two uploads at once). */
async function lockImageUrl(tx: Prisma.TransactionClient, userId: string, variant: ImageVariant): Promise<string | null> {
  const rows =
    variant === "avatar"
      ? await tx.$queryRaw<{ url: string | null }[]>`SELECT "avatarUrl" AS url FROM "User" WHERE id = ${userId} FOR UPDATE`
      : await tx.$queryRaw<{ url: string | null }[]>`SELECT "coverUrl" AS url FROM "User" WHERE id = ${userId} FOR UPDATE`;
  if (!rows[0]) throw new AppError("not_found");
  return rows[0].url;
}

/** POST /api/user/avatar. */
export const updateAvatar = publicChange(async function updateAvatar(userId: string, bytes: Uint8Array): Promise<UserDto> {
  await enforce(`upload:user:${userId}`, UPLOADS_PER_USER);
  return replaceImage({
    bytes,
    variant: "avatar",
    commit: (url) =>
      db.$transaction(async (tx) => {
        const previous = await lockImageUrl(tx, userId, "avatar");
        const user = await tx.user.update({ where: { id: userId }, data: { avatarUrl: url } });
        return { result: toUserDto(user), previous };
      }),
  });
});

function coverData(input: CoverSettingsInput): Prisma.UserUpdateInput {
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

/** POST /api/user/cover: the settings, and a new cover image when one is sent. */
export const updateCover = publicChange(async function updateCover(userId: string, input: CoverSettingsInput, image?: Uint8Array): Promise<UserDto> {
  const data = definedOnly(coverData(input));
  if (!image) return toUserDto(await db.user.update({ where: { id: userId }, data }));
  await enforce(`upload:user:${userId}`, UPLOADS_PER_USER);
  return replaceImage({
    bytes: image,
    variant: "cover",
    commit: (url) =>
      db.$transaction(async (tx) => {
        const previous = await lockImageUrl(tx, userId, "cover");
        const user = await tx.user.update({ where: { id: userId }, data: { ...data, coverUrl: url } });
        return { result: toUserDto(user), previous };
      }),
  });
});

/** POST /api/user/cover/remove: no cover and no aspect ratio; the file is deleted. */
export const removeCover = publicChange(async function removeCover(userId: string): Promise<UserDto> {
  const { user, previous } = await db.$transaction(async (tx) => {
    const previous = await lockImageUrl(tx, userId, "cover");
    const user = await tx.user.update({ where: { id: userId }, data: { coverUrl: null, coverAspectRatio: null } });
    return { user, previous };
  });
  await discardImage(previous);
  return toUserDto(user);
});

/** PATCH /api/user: appearance, search-engine and sensitive-content fields (all shown on /:username). */
export const updateAppearance = publicChange(async function updateAppearance(userId: string, input: UserPatchInput): Promise<UserDto> {
  const user = await db.user.update({ where: { id: userId }, data: definedOnly({ ...input }) });
  return toUserDto(user);
});
