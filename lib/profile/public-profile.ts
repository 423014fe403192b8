import type { UserDto } from "@/lib/accounts/user-dto";
import type { LinkKind } from "@/lib/links/link-schemas";

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
  kind: LinkKind;
  /** null for a section title and a Pix block; a player's page for an embed. */
  url: string | null;
  /** A Pix block's "copia e cola" code (api.md, Creator blocks); absent for the other kinds. */
  pixCode?: string;
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
  /** A subscribe block's form: whether it asks for WhatsApp, and the consent text naming the page. */
  subscribe?: { whatsapp: boolean; consent: string };
}

export interface PublicProfile {
  user: PublicProfileUser;
  links: PublicLink[];
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
