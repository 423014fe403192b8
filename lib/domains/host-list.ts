import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIES } from "@/lib/auth/routes";
import { BASE_SECURITY_HEADERS } from "@/lib/server/base-headers";
import { hostHook, processState, provideHook, type HostAnswer, type NodeHeaders } from "@/lib/server/host.mjs";
import { shortPageHtml } from "@/lib/server/short-page";
import { errorsStrings } from "@/lib/strings/errors";

// The host list: which hosts are a page's own (active) domain, held in this
// process's memory so that recognising one costs no query (proxy.ts,
// server.mjs's fast path and the route wrapper ask on every request), and
// what a request on one may reach (api.md, Custom domains), decided the same
// way in both runtimes. No database here: proxy.ts imports this file and
// stays string work. The list is read and kept current, across instances, by
// lib/domains/load-host-list.ts.

export interface ActiveHost {
  pageId: string;
  username: string;
  domain: string;
}

export interface HostState {
  hosts: Map<string, ActiveHost>;
  byPage: Map<string, string>;
  /** Bumped by each change: a load that started before it is not kept. */
  generation: number;
  listening?: boolean;
}

/** This process's one list, whichever bundle asks (lib/server/host.mjs). */
export const hostState = () => processState<HostState>("domain-hosts", () => ({ hosts: new Map(), byPage: new Map(), generation: 0 }));

/** The active domain a request's Host names (port and trailing dot ignored), or null: no query. */
export function lookUpHost(hostHeader: string | null | undefined): ActiveHost | null {
  if (!hostHeader) return null;
  const state = hostState();
  if (state.hosts.size === 0) return null;
  const host = hostHeader.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  return state.hosts.get(host) ?? null;
}

export type HostRoute = { rewrite: string } | { notFound: true };

/** Where the robots.txt and sitemap of a page's domain are drawn (app/sitemaps/page/[username]/…). */
const domainFilesPath = (username: string, file: "robots.txt" | "sitemap.xml") => `/sitemaps/page/${username}/${file}`;

const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** Single segments that are the app's own files or routes, never a short link's id. */
const RESERVED_FIRST = new Set([
  "api",
  "uploads",
  "og",
  "_next",
  "altcha",
  "sitemaps",
  "robots.txt",
  "sitemap.xml",
  "favicon.ico",
  "icon.svg",
  "manifest.webmanifest",
  "sw.js",
]);

/**
 * Where a path on `username`'s domain goes: the page at `/`, its own address
 * and short links, its counts and sign-ups, its robots.txt and sitemap, its
 * images; anything else is 404. `path` is the request's path and query, as
 * received. A rewritten path routes the same again (both the proxy and the
 * custom server may see one request).
 */
export function routeCustomHost(path: string, username: string): HostRoute {
  const q = path.indexOf("?");
  const pathname = q < 0 ? path : path.slice(0, q);
  const search = q < 0 ? "" : path.slice(q);
  const pass = { rewrite: path };
  if (pathname === "/") return { rewrite: `/${username}${search}` };
  if (pathname === "/robots.txt") return { rewrite: domainFilesPath(username, "robots.txt") };
  if (pathname === "/sitemap.xml") return { rewrite: domainFilesPath(username, "sitemap.xml") };
  const parts = pathname.split("/").slice(1);
  const [first, second, third, fourth] = parts;
  // The page's own address, and its short links (/{username}/{linkId}), as on the app's host.
  if (first === username && (parts.length === 1 || (parts.length === 2 && SEGMENT.test(second ?? "")))) return pass;
  // A short link by its id alone (/{linkId}): the page's, else 'Link não encontrado'.
  if (parts.length === 1 && first && SEGMENT.test(first) && first !== username && !RESERVED_FIRST.has(first))
    return { rewrite: `/${username}/${first}${search}` };
  // The page's images and its Open Graph image, the icon, the build's files.
  if (first === "uploads" && parts.length === 2) return pass;
  if (first === "og" && second === username && parts.length === 2) return pass;
  if (pathname === "/icon.svg" || pathname === "/favicon.ico") return pass;
  if (first === "_next" && second === "static") return pass;
  // The sign-up block's solver (public/altcha/…).
  if (first === "altcha") return pass;
  // Its robots.txt and sitemap, once rewritten.
  if (pathname === domainFilesPath(username, "robots.txt") || pathname === domainFilesPath(username, "sitemap.xml")) return pass;
  if (first === "api") {
    // Its view count, clicks (the link's own check decides whose), sign-ups and their challenge.
    if (second === "profiles" && third === username && fourth === "view" && parts.length === 4) return pass;
    if (second === "links" && SEGMENT.test(third ?? "") && fourth === "click" && parts.length === 4) return pass;
    if (second === "subscribe" && parts.length === 3 && SEGMENT.test(third ?? "")) return pass;
  }
  return { notFound: true };
}

export type CustomHostDecision = { rewrite: string; cookie: string | null } | { notFound: true };

/**
 * A request on a custom domain: which path it goes to (or 404), and its
 * Cookie header without the session's (no session is ever read on a custom
 * domain; none of the paths it may reach sets one). Null when `host` is no
 * active custom domain (the request is the app's, as before).
 */
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
const customHostNotFound = {
  status: 404,
  headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...BASE_SECURITY_HEADERS } as Record<string, string>,
  body: shortPageHtml(errorsStrings.notFound),
};

/** npm start: hands server.mjs the routing of custom domains, which proxy.ts does under next start. */
export function registerCustomHosts(): void {
  provideHook("customHost", (req) => {
    const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;
    const decision = customHostDecision(one(req.headers.host), req.url ?? "/", one(req.headers.cookie));
    if (!decision) return null;
    if ("notFound" in decision) return { ...customHostNotFound, body: req.method === "HEAD" ? null : customHostNotFound.body };
    req.url = decision.rewrite;
    if (decision.cookie) req.headers.cookie = decision.cookie;
    else delete req.headers.cookie;
    return null;
  });
}

/** proxy.ts (next start, Vercel): the answer to a request on a custom domain, or null for any other host. */
export function customHostResponse(request: NextRequest): Promise<NextResponse> | null {
  const decision = customHostDecision(request.headers.get("host"), `${request.nextUrl.pathname}${request.nextUrl.search}`, request.headers.get("cookie"));
  return decision ? answerInProxy(request, decision) : null;
}

async function answerInProxy(request: NextRequest, decision: CustomHostDecision): Promise<NextResponse> {
  if ("notFound" in decision) return new NextResponse(customHostNotFound.body, { status: customHostNotFound.status, headers: customHostNotFound.headers });
  // The page itself, as the profile route would answer it, without a second pass through Next's router.
  const page = await customHostPage(request.method, decision.rewrite, request.headers, decision.cookie);
  if (page)
    return new NextResponse(typeof page.body === "string" || page.body === null ? page.body : new Uint8Array(page.body), {
      status: page.status,
      headers: page.headers,
    });
  // The request's headers are overridden only when a session cookie is taken out (Next then carries them in headers of its own).
  let init: { request: { headers: Headers } } | undefined;
  if (decision.cookie !== request.headers.get("cookie")) {
    const headers = new Headers(request.headers);
    if (decision.cookie) headers.set("cookie", decision.cookie);
    else headers.delete("cookie");
    init = { request: { headers } };
  }
  const target = new URL(decision.rewrite, request.url);
  if (target.pathname === request.nextUrl.pathname && target.search === request.nextUrl.search) return NextResponse.next(init);
  return NextResponse.rewrite(target, init);
}

/**
 * Under next start, the page of a custom domain answered by the profile
 * route's own fast path (lib/profile/fast-path.ts: the same bytes and headers
 * the route sends, from memory when warm), as server.mjs answers it under npm
 * start: no rewrite through Next's router. Null when this process has not
 * loaded the profile route yet (it provides the fast path as it loads), on a
 * host where proxy.ts runs apart from the routes (Vercel), and for every path
 * but the page itself (its short links, robots, sitemap): then the rewrite.
 */
async function customHostPage(method: string, rewrite: string, headers: Headers, cookie: string | null): Promise<HostAnswer | null> {
  const fastPath = hostHook("profileFastPath");
  if (!fastPath) return null;
  const nodeHeaders: NodeHeaders = Object.fromEntries(headers);
  if (cookie) nodeHeaders.cookie = cookie;
  else delete nodeHeaders.cookie;
  // The body as it is: Next drops a proxy answer's Content-Encoding and compresses it itself, as it does the route's.
  delete nodeHeaders["accept-encoding"];
  return (await fastPath(method, rewrite, nodeHeaders)) ?? null;
}
