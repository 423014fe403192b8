// GET /:username/:linkId — public; counts the click and redirects to the link, or 'Link não encontrado' (404).
// A link flagged sensitive first shows its warning; '?continuar=1' (its 'Continuar') counts and redirects.
import { lowercaseAscii } from "@/lib/accounts/username";
import { renderLinkWarningPage, renderMissingPage } from "@/components/profile/render-profile";
import { htmlResponse } from "@/lib/profile/render-page";
import { pageRoute } from "@/lib/server/http";
import { publicOrigin } from "@/lib/server/public-url";
import { followLink } from "@/lib/stats/counting";

export const GET = pageRoute<{ username: string; linkId: string }>(async (req, { username, linkId }) => {
  const name = lowercaseAscii(username);
  const confirmed = new URL(req.url).searchParams.get("continuar") === "1";
  const url = linkId.length <= 64 ? await followLink(req, name, linkId, confirmed) : null;
  if (!url) return htmlResponse(renderMissingPage("link", publicOrigin(req.headers)), req, 404);
  if (url === "warning") return htmlResponse(renderLinkWarningPage(name, linkId, publicOrigin(req.headers)), req);
  return new Response(null, { status: 302, headers: { location: url, "cache-control": "no-store" } });
});
