import "server-only";
import { BASE_SECURITY_HEADERS } from "./base-headers";
import { env } from "./env";

// The headers of the app's own pages (proxy.ts sets them per request). The
// public profile (lib/profile/render-page.ts) and /uploads send stricter
// policies of their own.

export const HSTS = "max-age=63072000; includeSubDomains";

/** Google's sign-in: its script, its button's frame and styles, its token check. */
const GOOGLE = {
  script: "https://accounts.google.com/gsi/client",
  style: "https://accounts.google.com/gsi/style",
  frame: "https://accounts.google.com/gsi/",
};

/** 128 random bits, base64: unguessable, fresh for every request. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export interface PagePolicyOptions {
  /** A page rendered for this request: its scripts carry this nonce. */
  nonce?: string;
  /**
   * A prerendered page (lib/server/static-pages.ts): the SHA-256 (base64) of
   * each of its inline scripts; its other scripts come from this origin.
   */
  scriptHashes?: readonly string[];
  /** Development: React needs eval for its error overlays. */
  dev?: boolean;
  /** Google's script and frames are allowed only when sign-in with Google is configured. */
  google?: boolean;
}

/**
 * Scripts run only with this request's nonce (Next puts it on its own
 * scripts) or when loaded by such a script ('strict-dynamic': chunks, and
 * Google's script through next/script). No inline script without the nonce.
 * A prerendered page has no nonce: its inline scripts run only when their
 * hash is listed, and other scripts only from this origin (no
 * 'strict-dynamic', which would ignore 'self').
 * Styles keep 'unsafe-inline' (style attributes; no nonce there, or browsers
 * would ignore 'unsafe-inline').
 */
export function pageCsp({ nonce, scriptHashes, dev = false, google = false }: PagePolicyOptions): string {
  const g = (source: string) => (google ? ` ${source}` : "");
  const trusted = nonce !== undefined ? [`'nonce-${nonce}'`, "'strict-dynamic'"] : (scriptHashes ?? []).map((h) => `'sha256-${h}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...trusted].join(" ") + `${dev ? " 'unsafe-eval'" : ""}${g(GOOGLE.script)}`,
    `style-src 'self' 'unsafe-inline'${g(GOOGLE.style)}`,
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self'${g(GOOGLE.frame)}`,
    `frame-src ${google ? GOOGLE.frame : "'none'"}`,
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * Whether the visitor reached us over https: the configured public address
 * says so, or a trusted proxy does (X-Forwarded-Proto, TRUST_PROXY=true).
 */
export function isHttpsRequest(headers: Headers): boolean {
  if (env().NEXT_PUBLIC_APP_URL?.startsWith("https://")) return true;
  return env().TRUST_PROXY > 0 && headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

/** Every header of an app page's answer, for this request (a nonce) or for a prerendered page (its script hashes). */
export function pageSecurityHeaders(headers: Headers, scripts: string | { scriptHashes: readonly string[] }): Record<string, string> {
  const trust = typeof scripts === "string" ? { nonce: scripts } : scripts;
  const out: Record<string, string> = {
    "content-security-policy": pageCsp({ ...trust, dev: env().NODE_ENV === "development", google: Boolean(env().GOOGLE_CLIENT_ID) }),
    ...BASE_SECURITY_HEADERS,
  };
  if (isHttpsRequest(headers)) out["strict-transport-security"] = HSTS;
  return out;
}
