import type { User } from "@/lib/generated/prisma/client";

// What the API says about a signed-in user (api.md: the user object). Never a
// password hash or a session secret.

export type Socials = Partial<
  Record<"instagram" | "twitter" | "youtube" | "linkedin" | "pinterest" | "facebook" | "tiktok" | "telegram" | "whatsapp", string>
>;

export interface UserDto {
  id: string;
  name: string;
  username: string;
  email: string;
  /** The address has been proved (its link opened, a reset, or Google). */
  emailVerified: boolean;
  /** An address waiting for its link to be opened (e-mail change). */
  pendingEmail: string | null;
  phone: string | null;
  bio: string;
  avatarUrl: string | null;
  coverUrl: string | null;
  coverAspectRatio: string | null;
  backgroundColor: string;
  fontColor: string;
  imageOpacity: number;
  imagePosition: string;
  linkButtonColor: string;
  linkButtonOpacity: number;
  buttonStyle: string;
  buttonShape: string;
  fontFamily: string;
  socials: Socials;
  isAdmin: boolean;
  twoFactorEnabled: boolean;
  /** False once an administrator deactivated the page; the owner still signs in. */
  pageActive: boolean;
  /** The reason given for the deactivation (null while active or when none was given). */
  deactivationReason: string | null;
  /** "none" | "adult" | "sensitive": a flagged page shows a warning first and is noindex. */
  sensitive: "none" | "adult" | "sensitive";
  seoTitle: string | null;
  seoDescription: string | null;
  indexable: boolean;
  createdAt: string;
}

export type UserRow = Omit<User, "passwordHash"> & { passwordHash?: string | null };

export function toUserDto(user: UserRow): UserDto {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified !== null,
    pendingEmail: user.pendingEmail,
    phone: user.phone,
    bio: user.bio,
    avatarUrl: user.avatarUrl,
    coverUrl: user.coverUrl,
    coverAspectRatio: user.coverAspectRatio,
    backgroundColor: user.backgroundColor,
    fontColor: user.fontColor,
    imageOpacity: user.imageOpacity,
    imagePosition: user.imagePosition,
    linkButtonColor: user.linkButtonColor,
    linkButtonOpacity: user.linkButtonOpacity,
    buttonStyle: user.buttonStyle,
    buttonShape: user.buttonShape,
    fontFamily: user.fontFamily,
    socials: (user.socials ?? {}) as Socials,
    isAdmin: user.isAdmin,
    twoFactorEnabled: user.twoFactorEnabled,
    pageActive: user.pageActive,
    deactivationReason: user.pageActive ? null : user.deactivationReason,
    sensitive: user.sensitive === "adult" || user.sensitive === "sensitive" ? user.sensitive : "none",
    seoTitle: user.seoTitle,
    seoDescription: user.seoDescription,
    indexable: user.indexable,
    createdAt: user.createdAt.toISOString(),
  };
}
