import "server-only";
import { isReservedUsername, isValidUsername } from "@/lib/accounts/username";
import type { Socials } from "@/lib/accounts/user-dto";
import { withoutBlockedLinks } from "@/lib/moderation/blocked-domains";
import { db } from "@/lib/server/db";
import { publicUserSelect, type PublicProfile } from "./public-profile";

export interface LoadedProfile {
  userId: string;
  profile: PublicProfile;
}

/**
 * An active page and its active links (minus those to a blocked domain), in order; null for an unknown,
 * reserved or deactivated name (all three look the same from outside).
 */
export async function loadPublicProfile(username: string): Promise<LoadedProfile | null> {
  if (!isValidUsername(username) || isReservedUsername(username)) return null;
  const row = await db.user.findFirst({
    where: { username, pageActive: true },
    select: {
      id: true,
      ...publicUserSelect,
      links: { where: { active: true }, orderBy: { order: "asc" }, select: { id: true, url: true, title: true, active: true } },
    },
  });
  if (!row) return null;
  const { id, links, socials, imagePosition, ...user } = row;
  const shown = await withoutBlockedLinks(links);
  return { userId: id, profile: { user: { ...user, imagePosition, socials: (socials ?? {}) as Socials }, links: shown } };
}
