import { isFlagged } from "./page-meta";
import type { PublicProfile } from "./public-profile";

// GET /api/profiles/{username} (api.md, Fourth release put right): a flagged
// (adult or sensitive) page keeps its links behind 'Continuar' in the API as
// on the page. Its profile comes with `sensitive`, so a client knows why, and
// `links: []` unless the caller asks with `?continuar=1`. Pure.

/** Whether the request asked for a flagged page's links (`?continuar=1`, the warning's own parameter). */
export function asksToContinue(url: string): boolean {
  return new URL(url).searchParams.get("continuar") === "1";
}

export function profileAnswer(profile: PublicProfile, continued: boolean): PublicProfile {
  return isFlagged(profile.user) && !continued ? { user: profile.user, links: [] } : { user: profile.user, links: profile.links };
}
