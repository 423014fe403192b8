import { z } from "zod";
import type { Page, Prisma, User } from "@/lib/generated/prisma/client";
import { pageAppearance, pageAppearanceSchema } from "./page-appearance";

// What the API says about a signed-in user (api.md: the user object): the
// account (e-mail, phone, two-factor) with one of its pages (username,
// profile, appearance, state), the account's first page unless a request
// names another (?page=). Never a password hash or a session secret.

const SOCIAL_NETWORKS = ["instagram", "twitter", "youtube", "linkedin", "pinterest", "facebook", "tiktok", "telegram", "whatsapp"] as const;

export const socialsSchema = z.partialRecord(z.enum(SOCIAL_NETWORKS), z.string());
export type Socials = z.infer<typeof socialsSchema>;

export const userDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  /** The address has been proved (its link opened, a reset, or Google). */
  emailVerified: z.boolean(),
  /** An address waiting for its link to be opened (e-mail change). */
  pendingEmail: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string(),
  ...pageAppearanceSchema.shape,
  socials: socialsSchema,
  isAdmin: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** False once an administrator deactivated the page; the owner still signs in. */
  pageActive: z.boolean(),
  /** The reason given for the deactivation (null while active or when none was given). */
  deactivationReason: z.string().nullable(),
  /** "none" | "adult" | "sensitive": a flagged page shows a warning first and is noindex. */
  sensitive: z.enum(["none", "adult", "sensitive"]),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  indexable: z.boolean(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof userDtoSchema>;

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
    ...pageAppearance(page),
    socials: page.socials ?? {},
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
