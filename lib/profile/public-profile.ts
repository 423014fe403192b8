import type { Socials } from "@/lib/accounts/user-dto";

// What anyone may see of a profile (api.md: no e-mail, phone, owner id or admin flag).

export interface PublicProfileUser {
  name: string;
  username: string;
  avatarUrl: string | null;
  bio: string;
  coverUrl: string | null;
  coverAspectRatio: string | null;
  backgroundColor: string;
  fontColor: string;
  imageOpacity: number;
  imagePosition: string;
  linkButtonColor: string;
  linkButtonOpacity: number;
  socials: Socials;
}

export interface PublicLink {
  id: string;
  url: string;
  title: string;
  active: boolean;
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
} as const;
