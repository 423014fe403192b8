// GET /:username/:linkId — public; counts the click and redirects to the link, or 'Link não encontrado' (404).
import { lowercaseAscii } from "@/lib/accounts/username";
import { renderMissingPage } from "@/components/profile/render-profile";
import { htmlResponse } from "@/lib/profile/render-page";
import { pageRoute } from "@/lib/server/http";
import { publicOrigin } from "@/lib/server/public-url";
import { followLink } from "@/lib/stats/counting";

export const GET = pageRoute<{ username: string; linkId: string }>(async (req, { username, linkId }) => {
  const url = linkId.length <= 64 ? await followLink(req, lowercaseAscii(username), linkId) : null;
  if (!url) return htmlResponse(renderMissingPage("link", publicOrigin(req.headers)), req, 404);
  return new Response(null, { status: 302, headers: { location: url, "cache-control": "no-store" } });
});
