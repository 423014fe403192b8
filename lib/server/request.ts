import "server-only";
import { env } from "./env";
import { hostFeatures } from "./host.mjs";

// What a request says about its sender. The address comes from X-Forwarded-For
// only when TRUST_PROXY=true or on Vercel (VERCEL=1: its edge writes that
// header), else from the custom server (server.mjs overwrites CLIENT_IP_HEADER
// with the socket's address and says so through lib/server/host.mjs); without
// server.mjs that header is the client's own and is ignored. So a made-up
// header cannot lift a rate limit. No address known: "unknown".

export const CLIENT_IP_HEADER = "x-vitrine-client-ip";

/**
 * What these helpers read of a request: a web Request satisfies it, and so
 * does the server's fast path's light view of Node's request
 * (lib/stats/count-fast-path.ts), which builds no Request at all.
 */
export interface RequestHead {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
}

export function clientIp(req: RequestHead): string {
  const e = env();
  if (e.TRUST_PROXY || e.VERCEL) {
    const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  if (!hostFeatures()?.setsClientIp) return UNKNOWN_CLIENT;
  return req.headers.get(CLIENT_IP_HEADER) ?? UNKNOWN_CLIENT;
}

/** No trustworthy address: limits keyed by address then fall on every such client together. */
export const UNKNOWN_CLIENT = "unknown";

/** The public origin of the app: NEXT_PUBLIC_APP_URL, else the request's own. */
export function appOrigin(req: Request): string {
  return env().NEXT_PUBLIC_APP_URL ?? new URL(req.url).origin;
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A write whose Origin names another site is refused (api.md). Requests
 * without Origin (curl, server-to-server) pass; browsers always send it on
 * cross-site writes, and Sec-Fetch-Site confirms it where present.
 */
export function isCrossSiteWrite(req: RequestHead): boolean {
  if (!WRITE_METHODS.has(req.method.toUpperCase())) return false;
  if (req.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = req.headers.get("origin");
  if (!origin) return false;
  // An opaque origin is refused, but for a page of our own whose referrer
  // policy is no-referrer (/reset-password): Chrome then sends "null" on its
  // own form's POST, and Sec-Fetch-Site, which no page can set, says
  // same-origin.
  if (origin === "null") return req.headers.get("sec-fetch-site") !== "same-origin";
  const allowed = new Set([new URL(req.url).origin]);
  const configured = env().NEXT_PUBLIC_APP_URL;
  if (configured) allowed.add(new URL(configured).origin);
  const host = req.headers.get("host");
  if (host) {
    const proto = req.headers.get("x-forwarded-proto") ?? new URL(req.url).protocol.replace(":", "");
    allowed.add(`${proto}://${host}`);
  }
  return !allowed.has(origin);
}
