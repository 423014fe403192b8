// GET /sitemap.xml — public; the sitemap index naming /sitemaps/{n}.xml.
import { pageRoute } from "@/lib/server/http";
import { publicOrigin } from "@/lib/server/public-url";
import { sitemapIndex, sitemapResponse } from "@/lib/seo/sitemap";

// The address comes from the request (lib/server/public-url.ts): never prerendered at build.
export const dynamic = "force-dynamic";

export const GET = pageRoute(async (req) => sitemapResponse(await sitemapIndex(publicOrigin(req.headers)), req));
