import InAppSpy from "inapp-spy";

// Which built-in (in-app) browser a User-Agent is, by inapp-spy, the
// maintained library (api.md, Open in the app: not a list written here).
// The server's one reader of it: the short link's redirect
// (./open-in-app.ts) and the statistics' source (lib/stats/traffic.ts). The
// public page's 'Abrir no navegador' uses the library's own patterns, copied
// by a script (lib/profile/in-app-patterns.ts).

const UA_MAX = 1024;

export interface InAppBrowser {
  /** Inside any app's built-in browser (a named app, an Android WebView, an iOS page without Safari). */
  inApp: boolean;
  /** inapp-spy's key of the app, when it names one (instagram, facebook, messenger, tiktok…). */
  app: string | null;
}

const NONE: InAppBrowser = { inApp: false, app: null };

export function inAppBrowser(userAgent: string | null | undefined): InAppBrowser {
  // Real User-Agents stay under ~500 characters; a longer header (up to the
  // server's 16 KB) would only make inapp-spy's patterns backtrack longer.
  const ua = (userAgent ?? "").slice(0, UA_MAX);
  // An empty User-Agent would make inapp-spy look for a window (there is none on the server).
  if (!ua) return NONE;
  const found = InAppSpy({ ua });
  return { inApp: found.isInApp, app: found.appKey ?? null };
}
