// The XML of /robots.txt's sitemap (sitemaps.org 0.9). Pure.

import { escapeHtml as escapeXml } from "@/lib/server/escape-html";

export function urlsetXml(urls: string[]): string {
  const body = urls.map((u) => `<url><loc>${escapeXml(u)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(urls: string[]): string {
  const body = urls.map((u) => `<sitemap><loc>${escapeXml(u)}</loc></sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** Where search engines may not go: the API and the signed-in and sign-in screens (each exactly, so /settings_br stays open). */
const PRIVATE_PATHS = ["dashboard", "settings", "cover", "admin", "login", "register", "forgot-password", "reset-password", "verify-email", "denunciar"];

export function robotsTxt(origin: string): string {
  const lines = ["User-agent: *", "Allow: /", "Disallow: /api/"];
  for (const name of PRIVATE_PATHS) lines.push(`Disallow: /${name}$`, `Disallow: /${name}/`);
  lines.push("", `Sitemap: ${origin}/sitemap.xml`, "");
  return lines.join("\n");
}
