import "server-only";

// 'Continuar' on a flagged page (api.md, Creator blocks: sensitive content;
// Trust and accuracy): the visitor's consent is a session cookie scoped to
// the page's own path, so it lasts for the visit (no Max-Age: gone when the
// browser session ends), goes only with requests for that page and its short
// links (/{username} and /{username}/{linkId}: Path=/ana never matches
// /anabela), and is never readable by a script. Its value names the page as
// well, so a cookie only ever counts for the page it was given for.
//
// Consent is the visitor's own statement, not a secret: a made-up cookie
// only shows its sender what 'Continuar' would have shown.

export const CONSENT_COOKIE = "vitrine_continuar";

/** Does this Cookie header carry the consent for `username`'s page? */
export function hasPageConsent(cookieHeader: string | null | undefined, username: string): boolean {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === CONSENT_COOKIE && part.slice(eq + 1).trim() === username) return true;
  }
  return false;
}

/** The Set-Cookie value that records the consent for this visit. */
export function pageConsentCookie(username: string, https: boolean): string {
  return `${CONSENT_COOKIE}=${username}; Path=/${username}; HttpOnly; SameSite=Lax${https ? "; Secure" : ""}`;
}
