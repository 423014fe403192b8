import "server-only";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { createElement } from "react";
import { COUNTING_SCRIPT, MissingDocument, ProfileDocument } from "@/components/profile/profile-document";
import type { PublicProfile } from "./public-profile";

// The bundler refuses react-dom/server in a route handler, so it is loaded at
// run time: the page is plain HTML and ships no framework JavaScript.
const runtimeRequire = createRequire(path.join(process.cwd(), "package.json"));
const { renderToStaticMarkup } = runtimeRequire("react-dom/server") as typeof import("react-dom/server");

export interface RenderedPage {
  html: string;
  etag: string;
}

const SCRIPT_HASH = createHash("sha256").update(COUNTING_SCRIPT).digest("base64");

/** Only the counting script may run; nothing may frame the page but the app itself. */
export const PROFILE_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${SCRIPT_HASH}'`,
  "style-src 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join("; ");

function finish(markup: string): RenderedPage {
  const html = `<!DOCTYPE html>${markup}`;
  return { html, etag: `"${createHash("sha1").update(html).digest("base64url")}"` };
}

export function renderProfilePage(profile: PublicProfile, origin: string): RenderedPage {
  return finish(renderToStaticMarkup(createElement(ProfileDocument, { profile, origin })));
}

export function renderMissingPage(kind: "profile" | "link", origin: string): RenderedPage {
  return finish(renderToStaticMarkup(createElement(MissingDocument, { kind, origin })));
}

export function htmlResponse(page: RenderedPage, req: Request, status = 200): Response {
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": PROFILE_CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    // Cacheable, revalidated on every view: an edit shows at once.
    "cache-control": status === 200 ? "public, max-age=0, must-revalidate" : "no-store",
    etag: page.etag,
  };
  if (status === 200 && req.headers.get("if-none-match") === page.etag) return new Response(null, { status: 304, headers });
  return new Response(req.method === "HEAD" ? null : page.html, { status, headers });
}
