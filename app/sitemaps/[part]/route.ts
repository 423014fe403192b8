// GET /sitemaps/:n.xml — public; up to 50,000 listed pages (active, indexable, not flagged), 404 past the last part.
import { pageRoute } from "@/lib/server/http";
import { publicOrigin } from "@/lib/server/public-url";
import { sitemapPart, sitemapResponse } from "@/lib/seo/sitemap";

const PART = /^([1-9]\d{0,4})\.xml$/;

export const GET = pageRoute<{ part: string }>(async (req, { part }) => {
  const match = PART.exec(part);
  const xml = match ? await sitemapPart(publicOrigin(), Number(match[1])) : null;
  if (xml === null)
    return new Response("Não encontrado", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  return sitemapResponse(xml, req);
});
