import { openInAppStrings } from "@/lib/strings/open-in-app";
import { IN_APP_PATTERN } from "./in-app-patterns";

// Inside Instagram's, TikTok's or Facebook's own browser, the page offers
// 'Abrir no navegador' (api.md, Open in the app). The server sends the same
// page to everyone (cacheable, one CSP hash): this part of the page's one
// script draws the offer, on the visitor's phone only.
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

// Android: an `intent:` address of this very page with no package (Chrome's
// "Android Intents with Chrome", https://developer.chrome.com/docs/android/intents)
// is an ACTION_VIEW of the page's address, which the default browser takes.
// iOS has no such address: the offer says how, in a sentence.
//
// The offer is an <aside> landmark with its label at the top of the body, a
// real link (keyboard reachable) with a visible focus ring.

const OFFER_CSS =
  ".vp-iab{position:relative;z-index:2;display:flex;justify-content:center;align-items:center;padding:8px 16px;background:#1c1917;color:#fff;" +
  "font:600 15px/1.4 system-ui,-apple-system,Roboto,sans-serif;text-align:center}.vp-iab p{margin:4px 0}" +
  ".vp-iab a{display:inline-block;padding:10px 18px;border:2px solid #fff;border-radius:999px;color:#fff;text-decoration:none}" +
  ".vp-iab a:focus-visible{outline:3px solid #fff;outline-offset:3px}";

/** A JavaScript string literal in ASCII (the page's script stays ASCII, whatever the text). */
const literal = (text: string) => JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

export const OPEN_IN_BROWSER_SCRIPT =
  "(function(){try{var d=document,u=navigator.userAgent||\"\",l=location,I=/iPhone|iPad|iPod/.test(u)," +
  "A=/\\bAndroid\\b/i.test(u)&&!/iPhone|iPad|iPod|Macintosh/.test(u),e,k,s;" +
  `if(!(A||I)||!/${IN_APP_PATTERN}/i.test(u))return;` +
  `s=d.createElement("style");s.textContent=${literal(OFFER_CSS)};d.head.appendChild(s);` +
  `e=d.createElement("aside");e.className="vp-iab";e.setAttribute("aria-label",${literal(openInAppStrings.offerLabel)});` +
  `if(A){k=d.createElement("a");k.href="intent://"+l.host+l.pathname+l.search+"#Intent;scheme="+l.protocol.replace(":","")+";end";k.textContent=${literal(openInAppStrings.offerAndroid)}}` +
  `else{k=d.createElement("p");k.textContent=${literal(openInAppStrings.offerIos)}}` +
  "e.appendChild(k);d.body.insertBefore(e,d.body.firstChild)}catch(x){}})();";
