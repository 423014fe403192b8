import "server-only";
import { request as httpRequest } from "node:http";
import { processState, provideHook, selfOrigin, type NodeHeaders } from "./host.mjs";
import { finishPage, negotiateBody, type HtmlAnswer, type RenderedPage } from "./html-answer";
import { errorFields, log } from "./log";
import { pageSecurityHeaders } from "./security-headers";
import { nonceOf, toStaticDocument } from "./static-document";

// The signed-out pages, served as prerendered documents by the custom server
// (server.mjs asks servePrerendered after the public-profile fast path, before
// Next; under `next start` nothing here runs). A page is rendered once per
// instance by Next itself (the app's address is one, lib/server/public-url.ts), through a request of this process
// to itself with no cookie, then served from memory, precompressed, with a
// CSP that lists its inline scripts' hashes instead of a nonce. Anything else
// (a session cookie, a query string, Next's own navigation requests, a page
// not rendered yet) goes through Next: the proxy's redirects and
// nonce, the page's own checks. Its scripts start at load, as Next wrote them
// (the same document as under `next start`, but for the policy's hashes): the
// pages are light, and a form sent before they run posts to its own route
// handler, which answers it as it answers a browser without JavaScript.

/** A page joins by being listed here, with the status its document answers. */
export const PRERENDERED_PAGES: Readonly<Record<string, number>> = {
  "/": 200,
  "/login": 200,
  "/register": 200,
  "/forgot-password": 200,
  "/reset-password": 200,
  "/404": 404,
};

type PrerenderedPath = (method: string, url: string, headers: NodeHeaders) => HtmlAnswer | null;

interface Entry {
  page: RenderedPage;
  status: number;
  scriptHashes: string[];
  /** Next's own Cache-Control and Vary for the page, kept as they were. */
  cacheControl: string;
  vary: string;
}

/** One document per page (the public address never comes from the request's Host). */
const MAX_ENTRIES = 64;
const RETRY_AFTER_FAILURE_MS = 10_000;
/** Marks this process's own render requests (never served from memory, never re-rendered). */
const RENDER_MARK = "x-vitrine-prerender";

interface State {
  entries: Map<string, Entry>;
  rendering: Set<string>;
  failedAt: Map<string, number>;
}
/** The cookies that mean "signed in" (the app's session cookies, given at registration). */
let signedInCookies: readonly string[] = [];

const state = processState<State>("prerendered-pages", () => ({
  entries: new Map(),
  rendering: new Set(),
  failedAt: new Map(),
}));

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(", ") : v) ?? null;

/** Whether this request may get the signed-out document: no session, nothing Next varies the page on. */
export function wantsSignedOutDocument(headers: NodeHeaders): boolean {
  if (Object.keys(headers).some((name) => name === "rsc" || name.startsWith("next-") || name === RENDER_MARK)) return false;
  const cookies = one(headers.cookie) ?? "";
  return !cookies.split(";").some((c) => signedInCookies.some((name) => c.trim().startsWith(name)));
}

const servePrerendered: PrerenderedPath = (method, url, headers) => {
  if (method !== "GET" && method !== "HEAD") return null;
  const status = PRERENDERED_PAGES[url];
  if (status === undefined || !wantsSignedOutDocument(headers)) return null;
  const list = { get: (name: string) => one(headers[name.toLowerCase()]) } as unknown as Headers;
  const key = url;
  const entry = state.entries.get(key);
  if (!entry) {
    prerender(key, url, status, headers);
    return null;
  }
  const out: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    ...pageSecurityHeaders(list, { scriptHashes: entry.scriptHashes }),
    "cache-control": entry.cacheControl,
    vary: entry.vary,
    etag: entry.page.etag,
  };
  if (entry.status === 200 && one(headers["if-none-match"]) === entry.page.etag) return { status: 304, headers: out, body: null };
  const body = negotiateBody(entry.page, { method, acceptEncoding: one(headers["accept-encoding"]) }, out);
  return { status: entry.status, headers: out, body };
};

/** Renders the page in the background (this request goes on through Next). */
function prerender(key: string, path: string, status: number, headers: NodeHeaders) {
  // Where server.mjs listens (unset under `next start`: nothing is prerendered).
  const origin = selfOrigin();
  if (!origin || state.rendering.has(key) || state.entries.size >= MAX_ENTRIES) return;
  if (Date.now() - (state.failedAt.get(key) ?? 0) < RETRY_AFTER_FAILURE_MS) return;
  state.rendering.add(key);
  // The headers the page's public address is derived from, and nothing of the visitor's.
  const forwarded: Record<string, string> = { [RENDER_MARK]: "1", "accept-encoding": "identity" };
  for (const name of ["host", "x-forwarded-host", "x-forwarded-proto"]) {
    const value = one(headers[name]);
    if (value) forwarded[name] = value;
  }
  fetchSelf(origin, path, forwarded)
    .then((res) => {
      const document = res.status === status && res.type.startsWith("text/html") ? toStaticDocument(res.body, nonceOf(res.csp) ?? "") : null;
      if (!document) throw new Error(`not prerenderable: ${res.status} ${res.type}`);
      state.entries.set(key, {
        page: finishPage(document.html.replace(/^<!DOCTYPE html>/i, "")),
        status,
        scriptHashes: document.scriptHashes,
        cacheControl: res.cacheControl ?? "private, no-cache, no-store, max-age=0, must-revalidate",
        vary: res.vary ?? "Accept-Encoding",
      });
    })
    .catch((error: unknown) => {
      state.failedAt.set(key, Date.now());
      log.warn("prerender.failed", { path, ...errorFields(error) });
    })
    .finally(() => state.rendering.delete(key));
}

interface SelfAnswer {
  status: number;
  type: string;
  csp: string | null;
  cacheControl: string | null;
  vary: string | null;
  body: string;
}

function fetchSelf(origin: string, path: string, headers: Record<string, string>): Promise<SelfAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, origin), { headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers["content-type"] ?? ""),
          csp: one(res.headers["content-security-policy"]),
          cacheControl: one(res.headers["cache-control"]),
          vary: one(res.headers.vary),
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end();
  });
}

/**
 * Hands servePrerendered to server.mjs (outside the bundle), as the profile
 * fast path is. A request carrying one of `sessionCookies` is never given the
 * signed-out document.
 */
export function registerPrerenderedPages(sessionCookies: readonly string[]) {
  signedInCookies = sessionCookies;
  provideHook("staticPages", servePrerendered);
}
