import "server-only";
import { pageCacheHit, pageCacheMiss } from "@/lib/server/metrics";
import { cdnHeaders, cdnKeepsPages } from "@/lib/server/cdn";
import { cacheEpoch, cachedProfile, lookIfDue, pageTags, storeProfile } from "./profile-cache";
import { loadPublicProfile } from "./profile-queries";
import type { PublicProfile } from "./public-profile";
import type { RenderedPage } from "@/lib/server/html-answer";

/** How pages are drawn (components/profile/render-profile.ts): lib does not reach into the UI. */
export interface PageRenderers {
  profile(profile: PublicProfile, origin: string): RenderedPage;
  missing(origin: string): RenderedPage;
}

interface CachedPage {
  profile: PublicProfile;
  userId: string;
  /** When a scheduled link starts or ends (ms). */
  expiresAt: number | null;
  pages: Map<string, RenderedPage>;
}

/** The profile (from memory when warm); null when there is no active page by that name. */
export async function publicProfile(username: string): Promise<PublicProfile | null> {
  return (await cachedEntry(username))?.profile ?? null;
}

async function cachedEntry(username: string): Promise<CachedPage | null> {
  // Where the CDN keeps pages (Vercel), it is the cache: it asks only for a
  // page it lacks or lost to a change, and gets the database's current one.
  if (cdnKeepsPages()) return loadEntry(username);
  // Other instances' changes first, when the last look is due (lib/profile/profile-cache.ts).
  await lookIfDue();
  const hit = cachedProfile<CachedPage>(username);
  if (hit) {
    pageCacheHit();
    return hit;
  }
  pageCacheMiss();
  const epoch = cacheEpoch();
  const entry = await loadEntry(username);
  if (entry) storeProfile(username, entry.userId, entry, epoch, entry.expiresAt);
  return entry;
}

async function loadEntry(username: string): Promise<CachedPage | null> {
  const loaded = await loadPublicProfile(username);
  return loaded && { profile: loaded.profile, userId: loaded.userId, expiresAt: loaded.expiresAt, pages: new Map() };
}

/**
 * The rendered page for this origin, or the 'Perfil não encontrado' page;
 * `headers` let a CDN that a change purges keep a found page (lib/server/cdn.ts).
 */
export async function publicProfilePage(
  username: string,
  origin: string,
  render: PageRenderers,
): Promise<{ page: RenderedPage; found: boolean; headers: Record<string, string> }> {
  const entry = await cachedEntry(username);
  if (!entry) return { page: render.missing(origin), found: false, headers: {} };
  let page = entry.pages.get(origin);
  if (!page) {
    page = render.profile(entry.profile, origin);
    if (entry.pages.size < 4) entry.pages.set(origin, page);
  }
  return { page, found: true, headers: cdnHeaders(pageTags(entry.userId), entry.expiresAt) };
}

/** The rendered page only if it is already in memory (the server's fast path). */
export function warmProfilePage(username: string, origin: string): RenderedPage | null {
  const page = cachedProfile<CachedPage>(username)?.pages.get(origin) ?? null;
  if (page) pageCacheHit();
  return page;
}
