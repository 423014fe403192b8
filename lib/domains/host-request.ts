import { SESSION_COOKIES } from "@/lib/auth/routes";
import { BASE_SECURITY_HEADERS } from "@/lib/server/base-headers";
import { shortPageHtml } from "@/lib/server/short-page";
import { errorsStrings } from "@/lib/strings/errors";
import { lookUpHost } from "@/lib/server/custom-hosts";
import { hostHook, type HostAnswer, type NodeHeaders } from "@/lib/server/host.mjs";
import { routeCustomHost } from "./host-routing";

// A request on a custom domain, for both runtimes: which path it goes to (or
// 404), and its Cookie header without the session's (no session is ever read
// on a custom domain; none of the paths it may reach sets one).

export type CustomHostDecision = { rewrite: string; cookie: string | null } | { notFound: true };

/** Null when `host` is no active custom domain (the request is the app's, as before). */
export function customHostDecision(host: string | null | undefined, path: string, cookie: string | null | undefined): CustomHostDecision | null {
  const site = lookUpHost(host);
  if (!site) return null;
  const route = routeCustomHost(path, site.username);
  if ("notFound" in route) return route;
  return { rewrite: route.rewrite, cookie: withoutSessionCookies(cookie) };
}

export function withoutSessionCookies(cookie: string | null | undefined): string | null {
  if (!cookie) return null;
  const kept = cookie
    .split(";")
    .map((c) => c.trim())
    .filter((c) => c && !SESSION_COOKIES.some((name) => c.startsWith(`${name}=`) || c.startsWith(`${name}.`)));
  return kept.length ? kept.join("; ") : null;
}

/** The 404 of a custom domain: a short pt-BR page, no cookie. */
export const customHostNotFound = {
  status: 404,
  headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...BASE_SECURITY_HEADERS } as Record<string, string>,
  body: shortPageHtml(errorsStrings.notFound),
};

/**
 * Under next start, the page of a custom domain answered by the profile
 * route's own fast path (lib/profile/fast-path.ts: the same bytes and headers
 * the route sends, from memory when warm), as server.mjs answers it under npm
 * start: no rewrite through Next's router. Null when this process has not
 * loaded the profile route yet (it provides the fast path as it loads), on a
 * host where proxy.ts runs apart from the routes (Vercel), and for every path
 * but the page itself (its short links, robots, sitemap): then the rewrite.
 */
export async function customHostPage(method: string, rewrite: string, headers: Headers, cookie: string | null): Promise<HostAnswer | null> {
  const fastPath = hostHook("profileFastPath");
  if (!fastPath) return null;
  const nodeHeaders: NodeHeaders = Object.fromEntries(headers);
  if (cookie) nodeHeaders.cookie = cookie;
  else delete nodeHeaders.cookie;
  // The body as it is: Next drops a proxy answer's Content-Encoding and compresses it itself, as it does the route's.
  delete nodeHeaders["accept-encoding"];
  return (await fastPath(method, rewrite, nodeHeaders)) ?? null;
}
