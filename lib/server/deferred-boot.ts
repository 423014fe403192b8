import "server-only";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { EAGER_BOOT_ATTRIBUTE } from "@/lib/client/hydration";
import { provideHook, type LateBoot } from "./host.mjs";
import { preferredEncoding } from "./html-answer";
import { nonceOf } from "./static-document";

// Next's documents start their scripts from the <head>, so the framework
// (React, the router, hydration: hundreds of milliseconds of main-thread work
// on a phone) competes with the page's first paint. Here a document that is
// complete as HTML (text, links, forms, the dashboard's rows and figures)
// starts them at the visitor's first sign of intent instead: a touch, a
// pointer moving or pressed, a key, a focus, a scroll. A visitor who only
// reads, or follows a link, runs none of them.
//
// - The prerendered signed-out pages (./static-pages.ts) do not even download
//   them until then: a prefetch, even at the lowest priority, shared the
//   first paint's bandwidth on a slow connection.
// - The signed-in pages listed in LATE_BOOT_PAGES (rendered by Next for each
//   request, then rewritten by server.mjs) are "warmed": once the page has
//   loaded and the browser is idle, their scripts are fetched into the cache
//   (not run), since their owner is there to act, and the first touch then
//   only has to run them.
//
// Nothing the visitor does in between is lost: every document holds what is
// typed, submitted or pressed before React has it, and hands it over then
// (./early-input.ts).

export interface BootOptions {
  /** The boot script's nonce, on a page whose policy allows scripts by nonce. */
  nonce?: string;
  /** Fetch the scripts into the cache (not run them) once the page has loaded and the browser is idle. */
  warm?: boolean;
}

const SCRIPT_TAG = /<script\b([^>]*)><\/script>/gi;
const SCRIPT_PRELOAD = /<link\b[^>]*\brel="preload"[^>]*\bas="script"[^>]*\/?>/gi;
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };
/** A tag's src as the browser reads it (React escapes attribute values). */
const srcOf = (attributes: string) => /\bsrc="([^"]+)"/.exec(attributes)?.[1]?.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e]!);

/**
 * The booting script: `s` is the list of the page's script URLs, in document
 * order. Written out by hand (not a compiled function's text) so that the
 * bytes, and so the CSP hash, are the same in every build.
 */
const BOOT = (srcs: string[], warm: boolean) =>
  `(function(w,d,s){var on=["pointerdown","pointermove","touchstart","keydown","focusin","wheel","scroll","click","submit"],booted=0;` +
  // Start Next's scripts once, as the document would have. (Listening on the window, in capture: before anything else hears the event.)
  `function boot(){if(booted)return;booted=1;on.forEach(function(t){w.removeEventListener(t,boot,true)});` +
  `s.forEach(function(u){var e=d.createElement("script");e.src=u;e.async=true;d.head.appendChild(e)})}` +
  `on.forEach(function(t){w.addEventListener(t,boot,{capture:true,passive:true})});` +
  (warm
    ? `w.addEventListener("load",function(){(w.requestIdleCallback||setTimeout)(function(){if(!booted)s.forEach(function(u){` +
      `var l=d.createElement("link");l.rel="prefetch";l.as="script";l.href=u;d.head.appendChild(l)})})})`
    : "") +
  `})(window,document,${JSON.stringify(srcs).replace(/</g, "\\u003c").replace(/>/g, "\\u003e")});`;

/**
 * The document with its framework scripts started at the first interaction
 * (see above), or as it was: a page that marks content only its scripts draw
 * (EAGER_BOOT_ATTRIBUTE), or Next's error document (drawn by its scripts).
 */
export function deferFrameworkBoot(html: string, { nonce, warm = false }: BootOptions = {}): string {
  if (html.includes(EAGER_BOOT_ATTRIBUTE) || html.includes('id="__next_error__"')) return html;
  const srcs: string[] = [];
  let body = html.replace(SCRIPT_TAG, (tag, attributes: string) => {
    const src = srcOf(attributes);
    if (!src) return tag;
    // The legacy-browser build (nomodule) runs nowhere a module runs: not loaded.
    if (!/\bnomodule\b/i.test(attributes) && !srcs.includes(src)) srcs.push(src);
    return "";
  });
  if (!srcs.length) return html;
  const open = nonce ? `<script nonce="${nonce}">` : "<script>";
  return body.replace(SCRIPT_PRELOAD, "").replace("</body>", `${open}${BOOT(srcs, warm)}</script></body>`);
}

/** Signed-in pages drawn whole on the server (no streamed loading view, nothing only a script draws): their scripts start at the first interaction, warmed. */
export const LATE_BOOT_PAGES: ReadonlySet<string> = new Set(["/dashboard"]);

const lateBoot: LateBoot = {
  wants(method, url, headers) {
    // Next's own navigation requests (RSC) carry no document.
    return method === "GET" && LATE_BOOT_PAGES.has(url) && !Object.keys(headers).some((name) => name === "rsc" || name.startsWith("next-"));
  },
  page(html, csp, acceptEncoding) {
    const nonce = nonceOf(csp);
    if (!nonce) return null;
    const body = Buffer.from(deferFrameworkBoot(html, { nonce, warm: true }));
    // Compressed per request, quickly (a prerendered page's bytes are compressed once, harder).
    const encoding = preferredEncoding(acceptEncoding);
    if (encoding === "br") return { body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding };
    if (encoding === "gzip") return { body: gzipSync(body, { level: 6 }), encoding };
    return { body, encoding };
  },
};

/** Hands the rewrite to server.mjs (outside the bundle), as the other fast paths are. */
export function registerLateBoot() {
  provideHook("lateBoot", lateBoot);
}
