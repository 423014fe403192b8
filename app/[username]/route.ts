// GET /:username — public; the profile page as plain HTML (no framework JavaScript), 404 when missing.
// GET /:username?inscricao=… — the page with a block's answer (a sign-up sent without JavaScript, lib/profile/page-notice.ts).
// POST /:username — public; a flagged page's 'Continuar': consent for the visit (a session cookie), then 303 back to the page.
import { profileRenderers } from "@/components/profile/render-profile";
import { isReservedUsername, isValidUsername } from "@/lib/accounts/username";
import { provideProfileFastPath } from "@/lib/profile/fast-path";
import { hasPageConsent, pageConsentCookie } from "@/lib/profile/page-consent";
import { asksBlockNotice, pageWithBlockNotice } from "@/lib/profile/page-notice";
import { publicProfilePage } from "@/lib/profile/public-page";
import { htmlResponse } from "@/lib/profile/render-page";
import { AppError } from "@/lib/server/errors";
import { pageRoute } from "@/lib/server/http";
import { publicOrigin } from "@/lib/server/public-url";
import { isCrossSiteWrite } from "@/lib/server/request";
import { isHttpsRequest } from "@/lib/server/security-headers";

// Under npm start, server.mjs answers GET and HEAD before Next's router, with the same bytes; a POST always comes here.
provideProfileFastPath(profileRenderers);

export const GET = pageRoute<{ username: string }>(async (req, { username }) => {
  const name = decodeURIComponent(username);
  // Usernames are lowercase: /Ana goes to /ana.
  if (name !== name.toLowerCase() && /^[A-Za-z0-9_]{1,20}$/.test(name)) {
    return new Response(null, { status: 308, headers: { location: `/${name.toLowerCase()}` } });
  }
  const consented = hasPageConsent(req.headers.get("cookie"), name);
  // After a block's form sent without JavaScript (a sign-up): the page with its answer, for this visitor alone.
  const search = new URL(req.url).searchParams;
  if (asksBlockNotice(search)) {
    const noticed = await pageWithBlockNotice(name, publicOrigin(), search, req.headers.get("cookie"), consented, profileRenderers);
    if (noticed) return htmlResponse(noticed, req, 200, { "cache-control": "no-store", vary: "Accept-Encoding, Cookie" });
  }
  const { page, found, headers } = await publicProfilePage(name, publicOrigin(), profileRenderers, consented);
  return htmlResponse(page, req, found ? 200 : 404, headers);
});

export const HEAD = GET;

/**
 * A plain form's POST, so it works without any JavaScript. It reads nothing:
 * whether the page is flagged is the GET's business (an unflagged page shows
 * its links whatever the cookie). Cross-site posts are refused, like every
 * write (lib/server/request.ts), so no other site can consent for a visitor.
 */
export const POST = pageRoute<{ username: string }>(async (req, { username }) => {
  if (isCrossSiteWrite(req)) throw new AppError("cross_site");
  const name = decodeURIComponent(username).toLowerCase();
  if (!isValidUsername(name) || isReservedUsername(name)) throw new AppError("not_found");
  return new Response(null, {
    status: 303,
    headers: { location: `/${name}`, "set-cookie": pageConsentCookie(name, isHttpsRequest(req.headers)), "cache-control": "no-store" },
  });
});
