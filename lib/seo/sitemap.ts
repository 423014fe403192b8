import "server-only";
import { createHash } from "node:crypto";
import { countListedPages, listedUsernames, SITEMAP_PART_SIZE } from "./sitemap-queries";
import { sitemapIndexXml, urlsetXml } from "./sitemap-xml";

// /sitemap.xml is always an index of /sitemaps/{n}.xml (1-based, at most
// 50,000 addresses each): one shape whatever the size, and adding the
// 50,001st page never changes what the robots.txt address is.

export async function sitemapIndex(origin: string): Promise<string> {
  const parts = Math.max(1, Math.ceil((await countListedPages()) / SITEMAP_PART_SIZE));
  return sitemapIndexXml(Array.from({ length: parts }, (_, i) => `${origin}/sitemaps/${i + 1}.xml`));
}

/** Part `part`'s XML, or null past the last part (part 1 always exists, possibly empty). */
export async function sitemapPart(origin: string, part: number): Promise<string | null> {
  const usernames = await listedUsernames(part);
  if (!usernames.length && part > 1) return null;
  return urlsetXml(usernames.map((u) => `${origin}/${u}`));
}

/**
 * The answer for a sitemap file: revalidated on every fetch (its ETag makes
 * that a 304 while nothing changed), never kept as is. A page flagged
 * sensitive, made non-indexable or deactivated leaves the sitemap at once: a
 * copy kept for minutes (by a browser, or by Vercel's CDN, which stores a
 * plain max-age and which no page change purges here) listed it after it
 * was flagged.
 */
export function sitemapResponse(xml: string, req: Request): Response {
  const etag = `"${createHash("sha1").update(xml).digest("base64url")}"`;
  const headers = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=0, must-revalidate", etag };
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(req.method === "HEAD" ? null : xml, { headers });
}
