import type { Page, Prisma, User } from "@/lib/generated/prisma/client";

// What the API says about a signed-in user (api.md: the user object): the
// account (e-mail, phone, two-factor) with one of its pages (username,
// profile, appearance, state), the account's first page unless a request
// names another (?page=). Never a password hash or a session secret.

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

/** What a user row includes to carry its first page (the earliest membership): `include: withFirstPage`. */
export const withFirstPage = {
  memberships: { orderBy: [{ createdAt: "asc" }, { pageId: "asc" }], take: 1, include: { page: true } },
} satisfies Prisma.UserInclude;

export type UserWithFirstPage = UserRow & { memberships: { page: Page }[] };

/** The user object of `user` with its first page. */
export const toUserDtoFirstPage = (user: UserWithFirstPage): UserDto => toUserDto(user, user.memberships[0]?.page ?? null);

/** A page no row has: an account that manages no page (it left or was removed from every one). */
const NO_PAGE = {
  username: "",
  bio: "",
  avatarUrl: null,
  coverUrl: null,
  coverAspectRatio: "16:9",
  backgroundColor: "#ffffff",
  fontColor: "#000000",
  imageOpacity: 100,
  imagePosition: "cover",
  linkButtonColor: "#ffffff",
  linkButtonOpacity: 50,
  buttonStyle: "filled",
  buttonShape: "rounded",
  fontFamily: "sans",
  socials: {},
  active: true,
  deactivationReason: null,
  sensitive: "none",
  seoTitle: null,
  seoDescription: null,
  indexable: true,
} as const;

export function toUserDto(user: UserRow, pageRow: Page | null): UserDto {
  const page = pageRow ?? NO_PAGE;
  return {
    id: user.id,
    name: pageRow?.name ?? user.name,
    username: page.username,
    email: user.email,
    emailVerified: user.emailVerified !== null,
    pendingEmail: user.pendingEmail,
    phone: user.phone,
    bio: page.bio,
    avatarUrl: page.avatarUrl,
    coverUrl: page.coverUrl,
    coverAspectRatio: page.coverAspectRatio,
    backgroundColor: page.backgroundColor,
    fontColor: page.fontColor,
    imageOpacity: page.imageOpacity,
    imagePosition: page.imagePosition,
    linkButtonColor: page.linkButtonColor,
    linkButtonOpacity: page.linkButtonOpacity,
    buttonStyle: page.buttonStyle,
    buttonShape: page.buttonShape,
    fontFamily: page.fontFamily,
    socials: (page.socials ?? {}) as Socials,
    isAdmin: user.isAdmin,
    twoFactorEnabled: user.twoFactorEnabled,
    pageActive: page.active,
    deactivationReason: page.active ? null : page.deactivationReason,
    sensitive: page.sensitive === "adult" || page.sensitive === "sensitive" ? page.sensitive : "none",
    seoTitle: page.seoTitle,
    seoDescription: page.seoDescription,
    indexable: page.indexable,
    createdAt: user.createdAt.toISOString(),
  };
}
