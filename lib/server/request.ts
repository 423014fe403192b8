import "server-only";
import { env } from "./env";
import { ipAddress } from "@vercel/functions/headers";
import { hostFeatures } from "./host.mjs";
import { log } from "./log";

// What a request says about its sender. The address is never a header the
// client could write itself:
//  - on Vercel (VERCEL=1, set by the platform), the address Vercel's proxy
//    computed, with no setting: `ipAddress()` of @vercel/functions reads
//    x-real-ip ("Client IP as calculated by Vercel Proxy"), and Vercel's
//    request-headers reference (vercel.com/docs/headers/request-headers) says
//    x-real-ip is identical to x-forwarded-for, which it overwrites ("do not
//    forward external IPs … to prevent IP spoofing"). TRUST_PROXY does not
//    change this: Vercel keeps no entry a proxy in front of it wrote;
//  - with TRUST_PROXY=N (N proxies in front of the app, `true` = 1), the entry
//    N places from the right of X-Forwarded-For: each proxy appends the address
//    it received the request from, so that entry was written by the outermost
//    of ours, and whatever the client sent itself stands to its left. With
//    fewer entries than N the request did not come through all of them: the
//    socket's address when server.mjs gives it, else unknown;
//  - else the socket's address, which only the custom server knows
//    (server.mjs overwrites CLIENT_IP_HEADER and says so through
//    lib/server/host.mjs); without it (plain `next start`) that header is the
//    client's own and is ignored: "unknown".
// An unknown address shares no limit or count bucket (lib/server/rate-limit.ts,
// lib/stats/count-store.ts); the start log says once that address limits are
// off (clientAddressSource).

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

/** No trustworthy address: nothing keyed by address applies to the request. */
export const UNKNOWN_CLIENT = "unknown";

export function clientIp(req: RequestHead): string {
  const e = env();
  if (e.VERCEL) return clean(ipAddress(req)) ?? UNKNOWN_CLIENT;
  const socket = hostFeatures()?.setsClientIp ? clean(req.headers.get(CLIENT_IP_HEADER)) : undefined;
  if (e.TRUST_PROXY > 0) {
    const entries = (req.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (entries.length >= e.TRUST_PROXY) return clean(entries[entries.length - e.TRUST_PROXY]) ?? UNKNOWN_CLIENT;
  }
  return socket ?? UNKNOWN_CLIENT;
}

/** An address as a key: at most 64 characters (an IPv6 address with a zone fits), never the reserved "unknown". */
function clean(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  return v && v.length <= 64 && v !== UNKNOWN_CLIENT ? v : undefined;
}

/** Where this process reads client addresses from; "none" turns every limit by address off. */
export function clientAddressSource(): "vercel" | "proxy" | "socket" | "none" {
  const e = env();
  if (e.VERCEL) return "vercel";
  if (e.TRUST_PROXY > 0) return "proxy";
  return hostFeatures()?.setsClientIp ? "socket" : "none";
}

/**
 * Said once at start (lib/startup/start-server.ts) when no address can be
 * known, with how to turn the limits by address on.
 */
export function warnIfNoClientAddress(): void {
  if (clientAddressSource() !== "none") return;
  log.warn("client_address.unknown", {
    message:
      "Client addresses are unknown (next start without TRUST_PROXY): limits per address are off " +
      "(sign-ups, sign-in failures, password resets, reports, username checks, the count flood cap). " +
      "To turn them on, set TRUST_PROXY to the number of proxies in front of the app (true = 1), " +
      "or start with npm start, which reads the socket's address. On Vercel nothing is needed.",
  });
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
