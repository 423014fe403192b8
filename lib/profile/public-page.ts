import "server-only";
import { pageCacheHit, pageCacheMiss } from "@/lib/server/metrics";
import { cacheEpoch, cachedProfile, lookIfDue, storeProfile } from "./profile-cache";
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
  pages: Map<string, RenderedPage>;
}

/** The profile (from memory when warm); null when there is no active page by that name. */
export async function publicProfile(username: string): Promise<PublicProfile | null> {
  return (await cachedEntry(username))?.profile ?? null;
}

async function cachedEntry(username: string): Promise<CachedPage | null> {
  // Other instances' changes first, when the last look is due (lib/profile/profile-cache.ts).
  await lookIfDue();
  const hit = cachedProfile<CachedPage>(username);
  if (hit) {
    pageCacheHit();
    return hit;
  }
  pageCacheMiss();
  const epoch = cacheEpoch();
  const loaded = await loadPublicProfile(username);
  if (!loaded) return null;
  const entry: CachedPage = { profile: loaded.profile, pages: new Map() };
  storeProfile(username, loaded.userId, entry, epoch, loaded.expiresAt);
  return entry;
}

/** The rendered page for this origin, or the 'Perfil não encontrado' page. */
export async function publicProfilePage(
  username: string,
  origin: string,
  render: PageRenderers,
): Promise<{ page: RenderedPage; found: boolean }> {
  const entry = await cachedEntry(username);
  if (!entry) return { page: render.missing(origin), found: false };
  let page = entry.pages.get(origin);
  if (!page) {
    page = render.profile(entry.profile, origin);
    if (entry.pages.size < 4) entry.pages.set(origin, page);
  }
  return { page, found: true };
}

/** The rendered page only if it is already in memory (the server's fast path). */
export function warmProfilePage(username: string, origin: string): RenderedPage | null {
  const page = cachedProfile<CachedPage>(username)?.pages.get(origin) ?? null;
  if (page) pageCacheHit();
  return page;
}
