// GET /robots.txt — public; everything but the API and the private screens, and where the sitemap is.
import { pageRoute } from "@/lib/server/http";
import { publicOrigin } from "@/lib/server/public-url";
import { robotsTxt } from "@/lib/seo/sitemap-xml";

// The address is read from the configuration at run time (lib/server/public-url.ts): never prerendered at build.
export const dynamic = "force-dynamic";

export const GET = pageRoute(
  async () =>
    new Response(robotsTxt(publicOrigin()), {
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300" },
    }),
);
