// The apps a link can open from an in-app browser (api.md, Open in the app):
// their addresses and Android packages. No User-Agent reading here, so the
// link editor's bundle (which shows a new link's default) stays free of
// inapp-spy; the short link's decision is lib/links/open-in-app.ts.
//
// The hosts are the ones the schema's migration switched on for existing
// links (prisma/migrations/20261127061808_blocks_audience_passkeys): a domain
// and its subdomains, https only.

export interface SupportedApp {
  /** A stable name (tests, logs). */
  app: string;
  /** Registrable domains: the domain itself or any subdomain of it. */
  domains: readonly string[];
  /** The Android application id, as its Google Play listing names it. */
  androidPackage: string;
}

export const SUPPORTED_APPS: readonly SupportedApp[] = [
  // https://play.google.com/store/apps/details?id=com.google.android.youtube
  { app: "youtube", domains: ["youtube.com", "youtu.be"], androidPackage: "com.google.android.youtube" },
  // https://play.google.com/store/apps/details?id=com.spotify.music
  { app: "spotify", domains: ["spotify.com"], androidPackage: "com.spotify.music" },
  // https://play.google.com/store/apps/details?id=com.whatsapp
  { app: "whatsapp", domains: ["wa.me", "whatsapp.com"], androidPackage: "com.whatsapp" },
  // https://play.google.com/store/apps/details?id=com.instagram.android
  { app: "instagram", domains: ["instagram.com"], androidPackage: "com.instagram.android" },
  // https://play.google.com/store/apps/details?id=com.zhiliaoapp.musically (TikTok outside Asia, Brazil included)
  { app: "tiktok", domains: ["tiktok.com"], androidPackage: "com.zhiliaoapp.musically" },
  // https://play.google.com/store/apps/details?id=org.telegram.messenger
  { app: "telegram", domains: ["t.me", "telegram.me"], androidPackage: "org.telegram.messenger" },
  // https://play.google.com/store/apps/details?id=com.mercadolibre (Mercado Livre in Brazil, Mercado Libre elsewhere)
  { app: "mercadolivre", domains: ["mercadolivre.com.br", "mercadolibre.com"], androidPackage: "com.mercadolibre" },
  // https://play.google.com/store/apps/details?id=com.shopee.br (Shopee Brasil)
  { app: "shopee", domains: ["shopee.com.br"], androidPackage: "com.shopee.br" },
];

const isHostOf = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The supported app whose address this is (https, no user or port), or null. */
export function supportedAppOf(url: string): { app: SupportedApp; address: URL } | null {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return null;
  }
  if (address.protocol !== "https:" || address.username || address.password || address.port) return null;
  const host = address.hostname.toLowerCase().replace(/\.$/, "");
  const app = SUPPORTED_APPS.find((a) => a.domains.some((d) => isHostOf(host, d)));
  return app ? { app, address } : null;
}

/** A new link's `openInApp`: true for the addresses of the supported apps. */
export function defaultOpenInApp(url: string): boolean {
  return supportedAppOf(url) !== null;
}
