import "server-only";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { EAGER_BOOT_ATTRIBUTE, HYDRATED_ATTRIBUTE, HYDRATED_EVENT } from "@/lib/client/hydration";
import { nonceOf } from "./static-document";

// Next's documents start their scripts from the <head>, so the framework
// (React, the router, hydration: hundreds of milliseconds of main-thread work
// on a phone) competes with the page's first paint. Here a document starts
// them later, in one of two ways:
//
// - "interaction", for the prerendered signed-out pages (./static-pages.ts):
//   they are complete as HTML (text, links, forms), so the scripts start at
//   the visitor's first sign of intent: a touch, a pointer moving or pressed,
//   a key, a focus, a scroll. Until then nothing of them is downloaded either:
//   a visitor who only reads, or follows a link, spends no data on them (a
//   prefetch, even at the lowest priority, shared the first paint's bandwidth
//   on a slow connection).
// - "paint", for the signed-in pages listed in PAINT_FIRST_PAGES (rendered by
//   Next for each request, then rewritten by server.mjs): the scripts start
//   right after the document's first paint, so what the server drew shows
//   before any of them runs.
//
// Nothing the visitor does in between is lost: what is typed stays in the
// fields and is handed to the form once React has taken over the page; a
// form submitted (by its button, or Enter in a field), or a button pressed,
// before then is submitted or pressed again at that moment (never natively: a form of ours has no action to
// submit to). React tells the document it has taken over through
// components/layout/hydration-mark.tsx.

export type BootMoment = "interaction" | "paint";

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
const BOOT = (srcs: string[], moment: BootMoment) =>
  `(function(d,s){var H="${HYDRATED_EVENT}",on=["pointerdown","pointermove","touchstart","keydown","focusin","wheel","scroll"],` +
  `booted=0,done=d.documentElement.hasAttribute("${HYDRATED_ATTRIBUTE}"),typed=new Map(),pressed=[],sent=null;` +
  // Start Next's scripts once, as the document would have.
  `function boot(){if(booted)return;booted=1;on.forEach(function(t){d.removeEventListener(t,boot,true)});` +
  `s.forEach(function(u){var e=d.createElement("script");e.src=u;e.async=true;d.head.appendChild(e)})}` +
  `on.forEach(function(t){d.addEventListener(t,boot,{capture:true,passive:true})});` +
  (moment === "paint" ? `requestAnimationFrame(function(){setTimeout(boot,0)});` : "") +
  // Before React has the page: keep what is typed, hold submits and presses.
  `function keep(e){var t=e.target;if(!done&&t&&"value"in t)typed.set(t,[t.value,t.checked])}` +
  `d.addEventListener("input",keep,true);d.addEventListener("change",keep,true);` +
  `d.addEventListener("submit",function(e){if(done)return;e.preventDefault();e.stopImmediatePropagation();sent=[e.target,e.submitter];boot()},true);` +
  // Enter in a field submits its form, even while the form's button waits for React to enable it.
  `d.addEventListener("keydown",function(e){var t=e.target;if(done||e.key!=="Enter"||!t||t.tagName!=="INPUT"||!t.form)return;e.preventDefault();sent=[t.form,null]},true);` +
  `d.addEventListener("click",function(e){if(done)return;var b=e.target&&e.target.closest&&e.target.closest("button,[role=checkbox],[role=switch],[role=tab]");` +
  `if(!b||(b.type==="submit"&&b.form))return;e.preventDefault();pressed.push(b);boot()},true);` +
  // React has the page: hand it what happened meanwhile.
  `function hydrated(){if(done)return;done=1;typed.forEach(function(v,t){if(!t.isConnected)return;` +
  `if(t.type==="checkbox"||t.type==="radio"){t.checked=!v[1];t.click();return}if(!v[0])return;` +
  `var set=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(t),"value").set;t.value="";set.call(t,v[0]);` +
  `t.dispatchEvent(new Event("input",{bubbles:true}));t.dispatchEvent(new Event("change",{bubbles:true}))});` +
  `setTimeout(function(){pressed.forEach(function(b){if(b.isConnected)b.click()});` +
  `if(sent&&sent[0].isConnected)sent[0].requestSubmit(sent[1]&&sent[1].isConnected&&sent[1].form===sent[0]?sent[1]:undefined)},0)}` +
  `if(done)hydrated();else d.addEventListener(H,hydrated,{once:true})})(document,${JSON.stringify(srcs).replace(/</g, "\\u003c").replace(/>/g, "\\u003e")});`;

/**
 * The document with its framework scripts started at that moment (see
 * above), or as it was: a page that marks content only its scripts draw
 * (EAGER_BOOT_ATTRIBUTE), or Next's error document (drawn by its scripts).
 * `nonce`: the boot script's, on a page whose policy allows scripts by nonce.
 */
export function deferFrameworkBoot(html: string, moment: BootMoment = "interaction", nonce?: string): string {
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
  return body.replace(SCRIPT_PRELOAD, "").replace("</body>", `${open}${BOOT(srcs, moment)}</script></body>`);
}

/** Signed-in pages drawn whole on the server (no streamed loading view): their scripts start after the first paint. */
export const PAINT_FIRST_PAGES: ReadonlySet<string> = new Set(["/dashboard"]);

type NodeHeaders = Record<string, string | string[] | undefined>;

export interface PaintFirst {
  /** Whether server.mjs should hold this request's document for rewriting (a document request of a listed page). */
  wants(method: string, url: string, headers: NodeHeaders): boolean;
  /** The document rewritten and compressed for the client, or null to send Next's as it was. */
  page(html: string, csp: string | null, acceptEncoding: string | null): { body: Buffer; encoding: string | null } | null;
}

const paintFirst: PaintFirst = {
  wants(method, url, headers) {
    // Next's own navigation requests (RSC) carry no document.
    return method === "GET" && PAINT_FIRST_PAGES.has(url) && !Object.keys(headers).some((name) => name === "rsc" || name.startsWith("next-"));
  },
  page(html, csp, acceptEncoding) {
    const nonce = nonceOf(csp);
    if (!nonce) return null;
    const body = Buffer.from(deferFrameworkBoot(html, "paint", nonce));
    // Compressed per request, quickly (a prerendered page's bytes are compressed once, harder).
    if (/\bbr\b/.test(acceptEncoding ?? "")) return { body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: "br" };
    if (/\bgzip\b/.test(acceptEncoding ?? "")) return { body: gzipSync(body, { level: 6 }), encoding: "gzip" };
    return { body, encoding: null };
  },
};

/** Hands the rewrite to server.mjs (outside the bundle), as the other fast paths are. */
export function registerPaintFirst() {
  (globalThis as typeof globalThis & { __vitrinePaintFirst?: PaintFirst }).__vitrinePaintFirst = paintFirst;
}
