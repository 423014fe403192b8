// GET /sitemap.xml — public; the sitemap index naming /sitemaps/{n}.xml.
import { pageRoute } from "@/lib/server/http";
import { publicOrigin } from "@/lib/server/public-url";
import { sitemapIndex } from "@/lib/seo/sitemap";

export const GET = pageRoute(async (req) =>
  new Response(await sitemapIndex(publicOrigin(req.headers)), {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=300" },
  }),
);
