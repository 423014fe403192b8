import { inAppBrowser } from "@/lib/links/in-app-browser";

// What one count records besides itself (api.md, Insights): where the visitor
// came from, on what kind of device, from which country. Pure functions.

export type Device = "mobile" | "tablet" | "desktop";

export const UNKNOWN_COUNTRY = "unknown";
export const DIRECT = "direct";

/** Known networks by the hosts their links come from (the host itself or a subdomain). */
const NETWORK_HOSTS: [source: string, hosts: string[]][] = [
  ["instagram", ["instagram.com"]],
  ["tiktok", ["tiktok.com"]],
  ["facebook", ["facebook.com", "fb.com", "fb.me"]],
  ["whatsapp", ["whatsapp.com", "wa.me"]],
  ["x", ["x.com", "twitter.com", "t.co"]],
  ["youtube", ["youtube.com", "youtu.be"]],
  ["linkedin", ["linkedin.com", "lnkd.in"]],
];
const GOOGLE = /(^|\.)google(\.[a-z]{2,3}){1,2}$/;

/**
 * The source of an app's built-in browser, by inapp-spy's name for the app
 * (lib/links/in-app-browser.ts): the network's own source where we have one
 * (Messenger's browser is Facebook's), else inapp-spy's key.
 */
const IN_APP_SOURCE: Record<string, string> = { messenger: "facebook", twitter: "x", gsa: "google" };

/**
 * api.md's own User-Agent tokens (second release), asked after the library:
 * whatever inapp-spy names or misses (TikTok's Android browser says only
 * "TikTok 32.5.3"), a User-Agent carrying one counts for its network.
 */
const UA_TOKENS: [source: string, pattern: RegExp][] = [
  ["tiktok", /TikTok|musical_ly|BytedanceWebview/],
  ["instagram", /Instagram/],
  ["facebook", /FBAN|FBAV/],
];
/** As lib/links/in-app-browser.ts reads it: real User-Agents stay far below. */
const UA_MAX = 1024;

export function inAppSource(userAgent: string | null | undefined): string | null {
  const { app } = inAppBrowser(userAgent);
  if (app) return IN_APP_SOURCE[app] ?? app;
  const ua = (userAgent ?? "").slice(0, UA_MAX);
  return UA_TOKENS.find(([, pattern]) => pattern.test(ua))?.[0] ?? null;
}

const HOST = /^[a-z0-9.-]{1,200}$/;

/** The lowercase host of a referrer without "www.", or null when it names none. */
export function referrerHost(referrer: string | null | undefined): string | null {
  const text = referrer?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const host = url.hostname
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "");
  return HOST.test(host) && host.includes(".") ? host : null;
}

const isHostOf = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

function networkOf(host: string): string | null {
  for (const [source, hosts] of NETWORK_HOSTS) if (hosts.some((d) => isHostOf(host, d))) return source;
  return GOOGLE.test(host) ? "google" : null;
}

/**
 * The source of a count: a known network from the referrer, else an in-app
 * browser's network, else the referrer's host, else "direct" (no referrer, or
 * the app's own address among `ownHosts`).
 */
export function sourceOf(referrer: string | null | undefined, userAgent: string | null | undefined, ownHosts: string[]): string {
  const host = referrerHost(referrer);
  const own =
    host !== null &&
    ownHosts.some(
      (h) =>
        h
          .toLowerCase()
          .replace(/^www\./, "")
          .replace(/:\d+$/, "") === host,
    );
  if (host && !own) {
    const network = networkOf(host);
    if (network) return network;
  }
  return inAppSource(userAgent) ?? (host && !own ? host : DIRECT);
}

export function deviceOf(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? "";
  if (/iPad|Tablet|PlayBook|Kindle|Silk\//i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua))) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini|IEMobile/i.test(ua)) return "mobile";
  return "desktop";
}

/**
 * Who names the visitor's country: Vercel's edge (x-vercel-ip-country, which
 * it sets on every request), Cloudflare where the operator says it is the
 * proxy (TRUST_PROXY_COUNTRY=cloudflare: cf-ipcountry), or nobody.
 */
export type CountrySource = "vercel" | "cloudflare" | null;

/** The country the platform or the trusted proxy names; "unknown" otherwise. */
export function countryOf(get: (name: string) => string | null, source: CountrySource): string {
  if (!source) return UNKNOWN_COUNTRY;
  const code = (get(source === "vercel" ? "x-vercel-ip-country" : "cf-ipcountry") ?? "").trim().toUpperCase();
  // Cloudflare says XX for unknown and T1 for Tor: neither is a country.
  return /^[A-Z]{2}$/.test(code) && code !== "XX" ? code : UNKNOWN_COUNTRY;
}
