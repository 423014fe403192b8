// GET /sitemap.xml — public; the sitemap index naming /sitemaps/{n}.xml.
import { pageRoute } from "@/lib/server/http";
import { publicOrigin } from "@/lib/server/public-url";
import { sitemapIndex, sitemapResponse } from "@/lib/seo/sitemap";

// The address is read from the configuration at run time (lib/server/public-url.ts): never prerendered at build.
export const dynamic = "force-dynamic";

export const GET = pageRoute(async (req) => sitemapResponse(await sitemapIndex(publicOrigin()), req));
