import type { UserDto } from "@/lib/accounts/user-dto";

// What anyone may see of a profile (api.md: no e-mail, phone, owner id or admin flag).

/** The appearance and identity fields of the user object, and nothing else. */
export type PublicProfileUser = Pick<
  UserDto,
  | "name"
  | "username"
  | "avatarUrl"
  | "bio"
  | "coverUrl"
  | "coverAspectRatio"
  | "backgroundColor"
  | "fontColor"
  | "imageOpacity"
  | "imagePosition"
  | "linkButtonColor"
  | "linkButtonOpacity"
  | "socials"
  | "buttonStyle"
  | "buttonShape"
  | "fontFamily"
  | "sensitive"
  | "seoTitle"
  | "seoDescription"
  | "indexable"
>;

export interface PublicLink {
  id: string;
  /** Its kind's name (lib/blocks/registry.ts). */
  kind: string;
  /** null for a section title and a Pix block; a player's page for an embed. */
  url: string | null;
  title: string;
  active: boolean;
  highlighted: boolean;
  thumbnailUrl: string | null;
  startsAt: string | null;
  endsAt: string | null;
  /** Its button goes through the short link, which warns first. */
  sensitive: boolean;
  /** Its button goes through the short link, which opens the app from an in-app browser (links only). */
  openInApp: boolean;
  /** The public fields its kind adds (its `toPublic`, lib/blocks: a Pix block's `pixCode`, a sign-up form's `subscribe`). */
  [field: string]: unknown;
}

export interface PublicProfile {
  user: PublicProfileUser;
  links: PublicLink[];
  /** The page's active custom domain: its canonical and Open Graph address is `https://{domain}/` (never in the JSON answer). */
  domain?: string | null;
}

/** The columns a public answer may read, and nothing else. */
export const publicUserSelect = {
  name: true,
  username: true,
  avatarUrl: true,
  bio: true,
  coverUrl: true,
  coverAspectRatio: true,
  backgroundColor: true,
  fontColor: true,
  imageOpacity: true,
  imagePosition: true,
  linkButtonColor: true,
  linkButtonOpacity: true,
  socials: true,
  buttonStyle: true,
  buttonShape: true,
  fontFamily: true,
  sensitive: true,
  seoTitle: true,
  seoDescription: true,
  indexable: true,
} as const;
