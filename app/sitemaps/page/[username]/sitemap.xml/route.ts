// GET /sitemaps/page/{username}/sitemap.xml — public; a custom domain's /sitemap.xml (the page alone), 404 without an active domain.
import { domainSitemap } from "@/lib/domains/domain-seo";
import { AppError } from "@/lib/server/errors";
import { pageRoute } from "@/lib/server/http";
import { sitemapResponse } from "@/lib/seo/sitemap";

export const dynamic = "force-dynamic";

export const GET = pageRoute<{ username: string }>(async (req, { username }) => {
  const xml = await domainSitemap(decodeURIComponent(username).toLowerCase());
  if (xml === null) throw new AppError("not_found");
  return sitemapResponse(xml, req);
});
