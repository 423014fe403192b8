// GET /sitemaps/page/{username}/robots.txt — public; a custom domain's /robots.txt (proxy.ts and server.mjs rewrite it here), 404 without an active domain.
import { domainRobotsTxt } from "@/lib/domains/domain-seo";
import { AppError } from "@/lib/server/errors";
import { pageRoute } from "@/lib/server/http";

export const dynamic = "force-dynamic";

export const GET = pageRoute<{ username: string }>(async (_req, { username }) => {
  const text = await domainRobotsTxt(decodeURIComponent(username).toLowerCase());
  if (text === null) throw new AppError("not_found");
  return new Response(text, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300" } });
});
