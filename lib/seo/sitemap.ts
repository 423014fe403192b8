import "server-only";
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
