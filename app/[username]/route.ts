// GET /:username — public; the profile page as plain HTML (no framework JavaScript), 404 when missing.
import { profileRenderers } from "@/components/profile/render-profile";
import { provideProfileFastPath } from "@/lib/profile/fast-path";
import { publicProfilePage } from "@/lib/profile/public-page";
import { htmlResponse } from "@/lib/profile/render-page";
import { pageRoute } from "@/lib/server/http";
import { publicOrigin } from "@/lib/server/public-url";

// Under npm start, server.mjs answers these pages before Next's router, with the same bytes.
provideProfileFastPath(profileRenderers);

export const GET = pageRoute<{ username: string }>(async (req, { username }) => {
  const name = decodeURIComponent(username);
  // Usernames are lowercase: /Ana goes to /ana.
  if (name !== name.toLowerCase() && /^[A-Za-z0-9_]{1,20}$/.test(name)) {
    return new Response(null, { status: 308, headers: { location: `/${name.toLowerCase()}` } });
  }
  const { page, found, headers } = await publicProfilePage(name, publicOrigin(req.headers), profileRenderers);
  return htmlResponse(page, req, found ? 200 : 404, headers);
});

export const HEAD = GET;
