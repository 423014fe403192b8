import "server-only";
import { createHash } from "node:crypto";
import { BASE_SECURITY_HEADERS } from "@/lib/server/base-headers";
import { negotiateBody, type HtmlAnswer, type RenderedPage } from "@/lib/server/html-answer";
import { HSTS, isHttpsRequest } from "@/lib/server/security-headers";
import { EMBED_FRAME_ORIGINS } from "@/lib/links/embed";
import { PAGE_SCRIPT } from "./page-script";

// The bytes and headers of the public page. The markup itself is drawn by
// components/profile/render-profile.ts.

const SCRIPT_HASH = createHash("sha256").update(PAGE_SCRIPT).digest("base64");

/**
 * Only the counting script may run; a frame only from the two players' hosts
 * (loaded when a visitor presses play); a form only to the app itself (a
 * flagged page's 'Continuar'); nothing may frame the page but the app itself.
 */
export const PROFILE_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${SCRIPT_HASH}'`,
  "style-src 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  // The subscribe form's proof-of-work solver (public/altcha), started on the form's first focus.
  "worker-src 'self'",
  `frame-src ${EMBED_FRAME_ORIGINS.join(" ")}`,
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join("; ");

/** Headers every profile answer carries (the same whichever server path sends it). */
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
