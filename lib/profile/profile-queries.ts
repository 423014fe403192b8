import "server-only";
import { isReservedUsername, isValidUsername } from "@/lib/accounts/username";
import type { Socials } from "@/lib/accounts/user-dto";
import { isInWindow, nextBoundary } from "@/lib/links/link-schedule";
import { withoutBlockedLinks } from "@/lib/moderation/blocked-domains";
import { db } from "@/lib/server/db";
import { buildPixCode } from "@/lib/pix/br-code";
import { pixSchema } from "@/lib/pix/pix-schemas";
import { publicUserSelect, type PublicLink, type PublicProfile } from "./public-profile";

interface LoadedProfile {
  /** The page's id (what the cache and the counters key it by). */
  userId: string;
  profile: PublicProfile;
  /** The next start or end of an active link's schedule (ms), when the page changes by itself; null if none. */
  expiresAt: number | null;
}

/**
 * An active page and its active links inside their schedule and not to a
 * blocked domain, in order; null for an unknown, reserved or deactivated name
 * (all three look the same from outside).
 */
export async function loadPublicProfile(username: string, now: number = Date.now()): Promise<LoadedProfile | null> {
  if (!isValidUsername(username) || isReservedUsername(username)) return null;
  const row = await db.page.findFirst({
    where: { username, active: true },
    select: {
      id: true,
      ...publicUserSelect,
      links: {
        where: { active: true },
        orderBy: { order: "asc" },
        select: { id: true, kind: true, url: true, title: true, active: true, highlighted: true, thumbnailUrl: true, startsAt: true, endsAt: true, data: true, sensitive: true },
      },
    },
  });
  if (!row) return null;
  const { id, links, socials, imagePosition, sensitive, ...user } = row;
  const allowed = await withoutBlockedLinks(links);
  const shown: PublicLink[] = allowed.filter((link) => isInWindow(link, now)).flatMap((link) => {
    const header = link.kind === "header";
    const kind = link.kind === "header" || link.kind === "pix" || link.kind === "embed" ? link.kind : "link";
    const shownLink: PublicLink = {
      id: link.id,
      kind,
      url: header || kind === "pix" ? null : link.url,
      title: link.title,
      active: link.active,
      highlighted: !header && link.highlighted,
      thumbnailUrl: header || kind === "pix" ? null : link.thumbnailUrl,
      startsAt: link.startsAt?.toISOString() ?? null,
      endsAt: link.endsAt?.toISOString() ?? null,
      sensitive: (kind === "link" || kind === "embed") && link.sensitive,
    };
    if (kind !== "pix") return [shownLink];
    // Stored through the same schema; a row that no longer reads is left off rather than shown broken.
    const pix = pixSchema.safeParse(link.data);
    return pix.success ? [{ ...shownLink, pixCode: buildPixCode(pix.data) }] : [];
  });
  return {
    userId: id,
    profile: { user: { ...user, imagePosition, sensitive: sensitiveLevel(sensitive), socials: (socials ?? {}) as Socials }, links: shown },
    expiresAt: nextBoundary(links, now),
  };
}

function sensitiveLevel(value: string): "none" | "adult" | "sensitive" {
  return value === "adult" || value === "sensitive" ? value : "none";
}
