import { supportedAppOf } from "./app-links";
import { inAppBrowser } from "./in-app-browser";

export { defaultOpenInApp, SUPPORTED_APPS, supportedAppOf, type SupportedApp } from "./app-links";

// Open in the app (api.md, fourth release): a visitor inside a built-in
// browser (Instagram's, TikTok's, Facebook's...) on Android is sent to the
// installed app by an `intent:` address, with the web address as the fallback
// when the app is missing; everyone else gets the web address. Pure functions:
// the short link (app/[username]/[linkId]/route.ts) decides with them, the
// link editor takes defaultOpenInApp for a new link's switch.
//
// The address form. Android's `intent:` URI (Intent#toUri(URI_INTENT_SCHEME)
// and Intent.parseUri, https://developer.android.com/reference/android/content/Intent#URI_INTENT_SCHEME):
// `intent://HOST/PATH?QUERY#Intent;scheme=https;package=PKG;...;end` is the
// ACTION_VIEW intent of `https://HOST/PATH?QUERY` restricted to package PKG
// (parseUri cuts the address at the last '#', so the fallback, which is
// percent-encoded, holds none). Chrome's "Android Intents with Chrome"
// (https://developer.chrome.com/docs/android/intents) defines
// `S.browser_fallback_url=[encoded_full_url]`: where no app of that package
// can take the intent, the browser opens that address instead. Each app's
// own https links are what it registers for (a BROWSABLE filter), so the
// intent carries the very address of the link.
//
// The hosts are the ones the schema's migration switched on for existing
// links (prisma/migrations/20261127061808_blocks_audience_passkeys): a domain
// and its subdomains, https only.

/**
 * A built-in browser on Android, as inapp-spy recognises it from the
 * User-Agent (its patterns come from real in-app User-Agents). iOS has no
 * `intent:` addresses: an Apple device is never one.
 */
export function isAndroidInAppBrowser(userAgent: string | null | undefined): boolean {
  const ua = userAgent ?? "";
  if (!/\bAndroid\b/i.test(ua) || /iPhone|iPad|iPod|Macintosh/.test(ua)) return false;
  return inAppBrowser(ua).inApp;
}

/**
 * The Location the short link answers for a link with `openInApp`: inside a
 * built-in browser on Android and for a supported app's address, the
 * `intent:` address that opens the app (falling back to the web address);
 * otherwise the address unchanged. The caller never asks for a link without
 * `openInApp`.
 */
export function appAddress(url: string, userAgent: string | null | undefined): string {
  const found = supportedAppOf(url);
  if (!found || !isAndroidInAppBrowser(userAgent)) return url;
  const { app, address } = found;
  // The URL parser has already percent-encoded the path and query; a fragment cannot travel in the intent.
  const data = `${address.host}${address.pathname}${address.search}`;
  return `intent://${data}#Intent;scheme=https;package=${app.androidPackage};S.browser_fallback_url=${encodeURIComponent(url)};end`;
}
