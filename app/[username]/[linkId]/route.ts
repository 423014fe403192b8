// GET /:username/:linkId — public; counts the click and redirects to the link, or 'Link não encontrado' (404).
// A link flagged sensitive first shows its warning; so does any link of a flagged page, to a visitor who has not
// pressed that page's 'Continuar' (its consent cookie, lib/profile/page-consent.ts). '?continuar=1' (the warning's
// 'Continuar') counts and redirects. A link with openInApp sends a built-in browser on Android to the installed app
// (an intent: address falling back to the web address, lib/links/open-in-app.ts, chosen in followLink); the answer
// depends on the User-Agent, and is never stored (no-store). /:username/bl_… is a broadcast's link (its click counted on the broadcast).
import { lowercaseAscii } from "@/lib/accounts/username";
import { renderLinkWarningPage, renderMissingPage } from "@/components/profile/render-profile";
import { followBroadcastLink, isBroadcastLinkId } from "@/lib/broadcasts/broadcast-links";
import { isFlagged } from "@/lib/profile/page-meta";
import { hasPageConsent } from "@/lib/profile/page-consent";
import { publicProfile } from "@/lib/profile/public-page";
import { htmlResponse } from "@/lib/profile/render-page";
import { pageRoute } from "@/lib/server/http";
import { publicOrigin } from "@/lib/server/public-url";
import { followLink } from "@/lib/stats/counting";

export const GET = pageRoute<{ username: string; linkId: string }>(async (req, { username, linkId }) => {
  const name = lowercaseAscii(username);
  const origin = publicOrigin();
  if (isBroadcastLinkId(linkId)) {
    // A link of a broadcast's body, from its message: counted on the broadcast (lib/broadcasts/broadcast-links.ts).
    const target = await followBroadcastLink(req, name, linkId);
    if (!target) return htmlResponse(renderMissingPage("link", origin), req, 404);
    return new Response(null, { status: 302, headers: { location: target, "cache-control": "no-store" } });
  }
  const confirmed = new URL(req.url).searchParams.get("continuar") === "1";
  if (!confirmed && linkId.length <= 64 && !hasPageConsent(req.headers.get("cookie"), name)) {
    // The redirect would tell the link's address: not before the page's own 'Continuar'.
    const profile = await publicProfile(name);
    if (profile && isFlagged(profile.user) && profile.links.some((link) => link.id === linkId && link.url)) {
      const level = profile.user.sensitive === "adult" ? "adult" : "sensitive";
      return htmlResponse(renderLinkWarningPage(name, linkId, origin, level), req, 200, { vary: "Accept-Encoding, Cookie" });
    }
  }
  const url = linkId.length <= 64 ? await followLink(req, name, linkId, confirmed) : null;
  if (!url) return htmlResponse(renderMissingPage("link", origin), req, 404);
  if (url === "warning") return htmlResponse(renderLinkWarningPage(name, linkId, origin), req);
  return new Response(null, { status: 302, headers: { location: url, "cache-control": "no-store" } });
});
