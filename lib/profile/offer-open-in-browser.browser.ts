import { openInAppStrings } from "@/lib/strings/open-in-app";
import { IN_APP_BROWSER } from "./in-app-patterns";

// Inside Instagram's, TikTok's or Facebook's own browser, the page offers
// 'Abrir no navegador' (api.md, Open in the app). The server sends the same
// page to everyone (cacheable, one CSP hash): this part of the page's script
// (built by scripts/build-page-scripts.mjs into ./offer-open-in-browser.min.ts)
// draws the offer, on the visitor's phone only.
//
// Which browsers: exactly those inapp-spy, the maintained library the
// server uses (lib/links/in-app-browser.ts), calls in-app from the
// User-Agent. The library (10 KB) cannot come with a page that must stay
// tiny, and the server cannot decide without making the page differ by
// User-Agent (it is cached as one document for everyone), so the library's
// own patterns are copied by a script into ./in-app-patterns.ts
// (scripts/in-app-patterns.mjs; its test compares the copy with the
// installed library and this script's choices with the library's answers).
// The offer shows where the short link would open the app (Android, not an
// Apple device: lib/links/open-in-app.ts) and on iOS.
//
// Android: an `intent:` address of this very page with no package (Chrome's
// "Android Intents with Chrome", https://developer.chrome.com/docs/android/intents)
// is an ACTION_VIEW of the page's address, which the default browser takes.
// iOS has no such address: the offer says how, in a sentence.
//
// The offer is an <aside> landmark with its label at the top of the body, a
// real link (keyboard reachable) with a visible focus ring.

export default function offerOpenInBrowser(w: typeof window): void {
  const d = w.document;
  const ua = w.navigator.userAgent || "";
  const ios = /iPhone|iPad|iPod/.test(ua);
  const android = /\bAndroid\b/i.test(ua) && !/iPhone|iPad|iPod|Macintosh/.test(ua);
  if (!(android || ios) || !IN_APP_BROWSER.test(ua)) return;
  const style = d.createElement("style");
  style.textContent =
    ".vp-iab{position:relative;z-index:2;display:flex;justify-content:center;align-items:center;padding:8px 16px;background:#1c1917;color:#fff;" +
    "font:600 15px/1.4 system-ui,-apple-system,Roboto,sans-serif;text-align:center}.vp-iab p{margin:4px 0}" +
    ".vp-iab a{display:inline-block;padding:10px 18px;border:2px solid #fff;border-radius:999px;color:#fff;text-decoration:none}" +
    ".vp-iab a:focus-visible{outline:3px solid #fff;outline-offset:3px}";
  d.head.appendChild(style);
  const offer = d.createElement("aside");
  offer.className = "vp-iab";
  offer.setAttribute("aria-label", openInAppStrings.offerLabel);
  let say: HTMLElement;
  if (android) {
    const l = w.location;
    const link = d.createElement("a");
    link.href = `intent://${l.host}${l.pathname}${l.search}#Intent;scheme=${l.protocol.replace(":", "")};end`;
    link.textContent = openInAppStrings.offerAndroid;
    say = link;
  } else {
    say = d.createElement("p");
    say.textContent = openInAppStrings.offerIos;
  }
  offer.appendChild(say);
  d.body.insertBefore(offer, d.body.firstChild);
}
