import "server-only";
import { db } from "@/lib/server/db";
import { urlsetXml } from "@/lib/seo/sitemap-xml";

// A custom domain's /robots.txt and /sitemap.xml (api.md, Custom domains):
// of that page alone, on the domain's address. null: the page has no active
// domain (404).

async function domainPage(username: string) {
  const row = await db.page.findUnique({
    where: { username },
    select: { active: true, indexable: true, sensitive: true, customDomain: { select: { domain: true, status: true } } },
  });
  return row?.customDomain?.status === "active" ? { ...row, domain: row.customDomain.domain } : null;
}

export async function domainRobotsTxt(username: string): Promise<string | null> {
  const page = await domainPage(username);
  if (!page) return null;
  return ["User-agent: *", "Allow: /", "Disallow: /api/", "", `Sitemap: https://${page.domain}/sitemap.xml`, ""].join("\n");
}

/** The page's one address when it is listed (active, indexable, not flagged), else an empty list. */
export async function domainSitemap(username: string): Promise<string | null> {
  const page = await domainPage(username);
  if (!page) return null;
  const listed = page.active && page.indexable && page.sensitive === "none";
  return urlsetXml(listed ? [`https://${page.domain}/`] : []);
}
