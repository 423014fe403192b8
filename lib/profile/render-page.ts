import "server-only";
import { createHash } from "node:crypto";
import { BASE_SECURITY_HEADERS } from "@/lib/server/base-headers";
import { negotiateBody, type HtmlAnswer, type RenderedPage } from "@/lib/server/html-answer";
import { HSTS, isHttpsRequest } from "@/lib/server/security-headers";
import { blocks } from "@/lib/blocks/registry";
import { BASE_SCRIPT, pageScript } from "./page-script";

// The bytes and headers of the public page. The markup itself is drawn by
// components/profile/render-profile.ts.

/**
 * Only the page's own script may run (its hash: the very text sent); a form
 * only to the app itself (a flagged page's 'Continuar', a sign-up); nothing
 * may frame the page but the app itself; and what the kinds the page shows
 * ask for (their `csp`, lib/blocks: the players' frames, the sign-up's worker).
 */
function profileCsp(script: string, kinds: ReadonlySet<string>): string {
  const extra = new Map<string, string[]>();
  for (const kind of blocks.kinds) {
    if (!kinds.has(kind.name)) continue;
    for (const [directive, sources] of Object.entries(kind.csp ?? {})) extra.set(directive, [...(extra.get(directive) ?? []), ...sources]);
  }
  return [
    "default-src 'none'",
    `script-src 'sha256-${createHash("sha256").update(script).digest("base64")}'`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data: https:",
    "connect-src 'self'",
    ...[...extra].map(([directive, sources]) => `${directive} ${[...new Set(sources)].join(" ")}`),
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/** The script of a page showing blocks of these kinds, and the CSP that lets exactly it run. */
export function pageAssets(kinds: ReadonlySet<string>): { script: string; csp: string } {
  const script = pageScript(kinds);
  return { script, csp: profileCsp(script, kinds) };
}

/** The CSP of a page with no block that asks for more (a flagged page's warning, a missing page). */
export const PROFILE_CSP = profileCsp(BASE_SCRIPT, new Set());

/** Headers every profile answer carries (the same whichever server path sends it); a page's own CSP wins (RenderedPage.headers). */
export const PROFILE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": PROFILE_CSP,
  ...BASE_SECURITY_HEADERS,
  vary: "Accept-Encoding",
} as const;

/**
 * Status, headers and bytes for a rendered page: 304 for a fresh ETag, the
 * best encoding the client takes. `cdn`: a found page's own headers
 * (publicProfilePage's): those that let a CDN which a change purges keep it,
 * or a flagged page's Vary and Cache-Control, which win over the defaults.
 */
export function htmlAnswer(
  page: RenderedPage,
  request: { method: string; ifNoneMatch: string | null; acceptEncoding: string | null; https?: boolean },
  status = 200,
  cdn: Record<string, string> = {},
): HtmlAnswer {
  const headers: Record<string, string> = {
    ...PROFILE_HEADERS,
    // Cacheable, revalidated on every view: an edit shows at once.
    "cache-control": status === 200 ? "public, max-age=0, must-revalidate" : "no-store",
    ...page.headers,
    etag: page.etag,
    ...(status === 200 ? cdn : {}),
  };
  if (request.https) headers["strict-transport-security"] = HSTS;
  if (status === 200 && request.ifNoneMatch === page.etag) return { status: 304, headers, body: null };
  return { status, headers, body: negotiateBody(page, request, headers) };
}

/**
 * The route handler's answer. Next drops a handler's Content-Encoding (and
 * compresses by itself), so this path always hands over the identity bytes.
 */
export function htmlResponse(page: RenderedPage, req: Request, status = 200, cdn: Record<string, string> = {}): Response {
  const answer = htmlAnswer(
    page,
    { method: req.method, ifNoneMatch: req.headers.get("if-none-match"), acceptEncoding: null, https: isHttpsRequest(req.headers) },
    status,
    cdn,
  );
  return new Response(answer.body ? new Uint8Array(answer.body) : null, { status: answer.status, headers: answer.headers });
}
