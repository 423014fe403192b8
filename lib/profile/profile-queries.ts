import "server-only";
import { isReservedUsername, isValidUsername } from "@/lib/accounts/username";
import type { Socials } from "@/lib/accounts/user-dto";
import { isInWindow, nextBoundary } from "@/lib/links/link-schedule";
import { withoutBlockedLinks } from "@/lib/moderation/blocked-domains";
import { db } from "@/lib/server/db";
import { blocks } from "@/lib/blocks/registry";
import { pageSaleStates } from "@/lib/selling/selling-status";
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
      customDomain: { select: { domain: true, status: true } },
      links: {
        where: { active: true },
        orderBy: { order: "asc" },
        select: {
          id: true,
          kind: true,
          url: true,
          title: true,
          active: true,
          highlighted: true,
          thumbnailUrl: true,
          startsAt: true,
          endsAt: true,
          data: true,
          sensitive: true,
          openInApp: true,
        },
      },
    },
  });
  if (!row) return null;
  const { id, links, socials, imagePosition, sensitive, customDomain, ...user } = row;
  const allowed = await withoutBlockedLinks(links);
  const inWindow = allowed.filter((link) => isInWindow(link, now));
  // Whether each sold block may be bought now: read once for the page (lib/selling/selling-status.ts).
  const saleOf = await pageSaleStates(id, inWindow);
  const shown: PublicLink[] = inWindow.flatMap((link) => {
    // Each kind says what it shows (lib/blocks); a row of an unknown kind, or whose data no longer reads, is left off rather than shown broken.
    const kind = blocks.get(link.kind);
    if (!kind) return [];
    const shownLink: PublicLink = {
      id: link.id,
      kind: kind.name,
      url: kind.address ? link.url : null,
      title: link.title,
      active: link.active,
      highlighted: kind.can.highlight && link.highlighted,
      thumbnailUrl: kind.can.thumbnail ? link.thumbnailUrl : null,
      startsAt: link.startsAt?.toISOString() ?? null,
      endsAt: link.endsAt?.toISOString() ?? null,
      sensitive: kind.can.sensitive && link.sensitive,
      openInApp: kind.can.openInApp && link.openInApp,
    };
    if (!kind.data) return [shownLink];
    const data = kind.data.schema.safeParse(link.data);
    const extra = data.success ? (kind.toPublic?.(data.data, { name: user.name }, saleOf(link.id)) ?? {}) : null;
    return extra ? [{ ...shownLink, ...extra }] : [];
  });
  return {
    userId: id,
    profile: {
      user: { ...user, imagePosition, sensitive: sensitiveLevel(sensitive), socials: (socials ?? {}) as Socials },
      links: shown,
      domain: customDomain?.status === "active" ? customDomain.domain : null,
    },
    expiresAt: nextBoundary(links, now),
  };
}

function sensitiveLevel(value: string): "none" | "adult" | "sensitive" {
  return value === "adult" || value === "sensitive" ? value : "none";
}
