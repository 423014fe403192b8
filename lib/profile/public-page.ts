import "server-only";
import { pageCacheHit, pageCacheMiss } from "@/lib/server/metrics";
import { cdnHeaders, cdnKeepsPages } from "@/lib/server/cdn";
import { cacheEpoch, cachedProfile, lookIfDue, pageTags, storeProfile } from "@/lib/profile-cache/profile-cache";
import { loadPublicProfile } from "./profile-queries";
import { isFlagged } from "./page-meta";
import type { PublicProfile } from "./public-profile";
import type { RenderedPage } from "@/lib/server/html-answer";

/** How pages are drawn (components/profile/render-profile.ts): lib does not reach into the UI. */
export interface PageRenderers {
  /** `warningOnly`: a flagged page before 'Continuar', the warning and no link at all. */
  profile(profile: PublicProfile, origin: string, warningOnly: boolean): RenderedPage;
  missing(origin: string): RenderedPage;
}

/** A page as sent: its document and the headers that say who may keep it. */
export interface PageAnswer {
  page: RenderedPage;
  headers: Record<string, string>;
}

interface CachedPage {
  profile: PublicProfile;
  userId: string;
  /** When a scheduled link starts or ends (ms). */
  expiresAt: number | null;
  /** By variant and origin (pageKey). */
  pages: Map<string, RenderedPage>;
}

/** At most this many rendered documents per page: two variants (a flagged page) for a few origins. */
const MAX_DOCUMENTS = 8;

/** The profile (from memory when warm); null when there is no active page by that name. */
export async function publicProfile(username: string): Promise<PublicProfile | null> {
  return (await cachedEntry(username))?.profile ?? null;
}

async function cachedEntry(username: string): Promise<CachedPage | null> {
  // Where the CDN keeps pages (Vercel), it is the cache: it asks only for a
  // page it lacks or lost to a change, and gets the database's current one.
  if (cdnKeepsPages()) return loadEntry(username);
  // Other instances' changes first, when the last look is due (lib/profile-cache/profile-cache.ts).
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

/*
 * A flagged page (api.md, sensitive content) has two documents at one
 * address: the warning alone, for everyone who has not pressed 'Continuar',
 * and the content, for a request carrying that page's consent cookie
 * (lib/profile/page-consent.ts). So that no cache ever hands one for the
 * other:
 * - both say `Vary: Cookie`, and their ETags differ (each is its bytes' hash):
 *   a browser's stored warning is never taken for the content, nor the reverse;
 * - the content is `private`: no shared cache stores it at all;
 * - neither carries the CDN's headers: Vercel's CDN keys on the address alone
 *   and stores no answer that varies on Cookie, so a stored warning would hide
 *   the links from a visitor who did continue. A flagged page is therefore
 *   always answered by the function (with memory's copy off Vercel), a cost
 *   that only flagged pages pay;
 * - memory keeps each variant under its own key.
 * An unflagged page is one document whatever the cookies: cached as before.
 */
function answerOf(entry: CachedPage, origin: string, consented: boolean, render: PageRenderers | null): PageAnswer | null {
  const flagged = isFlagged(entry.profile.user);
  const warningOnly = flagged && !consented;
  const key = `${warningOnly ? "warning" : "page"} ${origin}`;
  let page = entry.pages.get(key);
  if (!page) {
    if (!render) return null;
    page = render.profile(entry.profile, origin, warningOnly);
    if (entry.pages.size < MAX_DOCUMENTS) entry.pages.set(key, page);
  }
  if (!flagged) return { page, headers: cdnHeaders(pageTags(entry.userId), entry.expiresAt) };
  return { page, headers: { vary: "Accept-Encoding, Cookie", ...(warningOnly ? {} : { "cache-control": "private, max-age=0, must-revalidate" }) } };
}

/**
 * The rendered page for this origin, or the 'Perfil não encontrado' page;
 * `headers` say who may keep a found page (a CDN that a change purges,
 * lib/server/cdn.ts; for a flagged page, see above). `consented`: the request
 * carries the page's consent cookie.
 */
export async function publicProfilePage(
  username: string,
  origin: string,
  render: PageRenderers,
  consented = false,
): Promise<{ page: RenderedPage; found: boolean; headers: Record<string, string> }> {
  const entry = await cachedEntry(username);
  if (!entry) return { page: render.missing(origin), found: false, headers: {} };
  return { ...answerOf(entry, origin, consented, render)!, found: true };
}

/** The rendered page and its headers only if already in memory (the server's fast path). */
export function warmProfilePage(username: string, origin: string, consented = false): PageAnswer | null {
  const entry = cachedProfile<CachedPage>(username);
  const answer = entry ? answerOf(entry, origin, consented, null) : null;
  if (answer) pageCacheHit();
  return answer;
}
