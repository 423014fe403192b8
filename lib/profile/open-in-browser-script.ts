import { openInAppStrings } from "@/lib/strings/open-in-app";

// Inside Instagram's, TikTok's or Facebook's own browser, the page offers
// 'Abrir no navegador' (api.md, Open in the app). The server sends the same
// page to everyone (cacheable, one CSP hash): this part of the page's one
// script draws the offer, on the visitor's phone only.
//
// Which browsers: the app names inapp-spy knows from real User-Agents
// (Instagram, Facebook and Messenger, TikTok, Threads, LinkedIn, X, Snapchat,
// LINE, WeChat, WhatsApp), an Android WebView ("; wv)") and, as inapp-spy
// does, an iPhone page without "Safari/" (an app's WKWebView). A minimal
// check: the short link's redirect is decided on the server, by inapp-spy
// itself (lib/links/open-in-app.ts); a miss here only leaves the offer out.
//
// Android: an `intent:` address of this very page with no package (Chrome's
// "Android Intents with Chrome", https://developer.chrome.com/docs/android/intents)
// is an ACTION_VIEW of the page's address, which the default browser takes.
// iOS has no such address: the offer says how, in a sentence.
//
// The offer is an <aside> landmark with its label at the top of the body, a
// real link (keyboard reachable) with a visible focus ring.

const IN_APP = "Instagram|FBAN|FBAV|FB_IAB|musical_ly|Bytedance|Barcelona|LinkedInApp|Twitter|Snapchat|\\bLine\\/|MicroMessenger|WA4A\\/|WAiOS\\/";

const OFFER_CSS =
  ".vp-iab{position:relative;z-index:2;display:flex;justify-content:center;align-items:center;padding:8px 16px;background:#1c1917;color:#fff;" +
  "font:600 15px/1.4 system-ui,-apple-system,Roboto,sans-serif;text-align:center}.vp-iab p{margin:4px 0}" +
  ".vp-iab a{display:inline-block;padding:10px 18px;border:2px solid #fff;border-radius:999px;color:#fff;text-decoration:none}" +
  ".vp-iab a:focus-visible{outline:3px solid #fff;outline-offset:3px}";

/** A JavaScript string literal in ASCII (the page's script stays ASCII, whatever the text). */
const literal = (text: string) => JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

export const OPEN_IN_BROWSER_SCRIPT =
  "(function(){try{var d=document,u=navigator.userAgent||\"\",l=location,A=/Android/.test(u),I=/iPhone|iPad|iPod/.test(u)," +
  `R=/${IN_APP}/i,e,k,s;` +
  "if(!(A&&(R.test(u)||/Android.*wv\\)/.test(u))||I&&(R.test(u)||!/Safari\\//.test(u))))return;" +
  `s=d.createElement("style");s.textContent=${literal(OFFER_CSS)};d.head.appendChild(s);` +
  `e=d.createElement("aside");e.className="vp-iab";e.setAttribute("aria-label",${literal(openInAppStrings.offerLabel)});` +
  `if(A){k=d.createElement("a");k.href="intent://"+l.host+l.pathname+l.search+"#Intent;scheme="+l.protocol.replace(":","")+";end";k.textContent=${literal(openInAppStrings.offerAndroid)}}` +
  `else{k=d.createElement("p");k.textContent=${literal(openInAppStrings.offerIos)}}` +
  "e.appendChild(k);d.body.insertBefore(e,d.body.firstChild)}catch(x){}})();";
