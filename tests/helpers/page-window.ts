import { JSDOM, ResourceLoader, VirtualConsole } from "jsdom";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { BlockKind, PublicBlockView } from "@/lib/blocks/block-kind";
import type { AnyBlockKind } from "@/lib/blocks/registry";

// A browser window (jsdom) for the public page's script parts, run as their
// typed source (`*.browser.ts`, one function given the window). jsdom has no
// sendBeacon: the window records each beacon instead (as accepted). It does
// not navigate: a followed link is reported as "not implemented" and passed
// over; any other error the page reports (an exception in a listener) is kept
// in `errors`, for the test to expect none.

export interface PageWindow {
  window: typeof window;
  document: Document;
  /** Each beacon sent: its address and parsed body. */
  beacons: { path: string; body: Record<string, unknown> }[];
  errors: string[];
}

export interface PageWindowOptions {
  url?: string;
  referrer?: string;
  userAgent?: string;
}

export function pageWindow(html: string, { url = "https://vitrine.app/ana", referrer, userAgent }: PageWindowOptions = {}): PageWindow {
  const errors: string[] = [];
  const virtualConsole = new VirtualConsole();
  virtualConsole.on("jsdomError", (error: Error) => {
    if (!/^Not implemented: navigation/.test(error.message)) errors.push(error.message);
  });
  // jsdom takes the User-Agent through its resource loader (it fetches nothing here).
  // "outside-only": the page's own <script> elements do not run, window.eval does (a built script).
  const dom = new JSDOM(html, {
    url,
    referrer,
    virtualConsole,
    runScripts: "outside-only",
    ...(userAgent ? { resources: new ResourceLoader({ userAgent }) } : {}),
  });
  const window = dom.window as unknown as typeof globalThis.window;
  const beacons: PageWindow["beacons"] = [];
  Object.defineProperty(window.navigator, "sendBeacon", {
    configurable: true,
    value: (path: string, body: string) => (beacons.push({ path, body: JSON.parse(body) as Record<string, unknown> }), true),
  });
  return { window, document: window.document, beacons, errors };
}

/** A page's body as the public page draws it (its data attributes), with `content` inside. */
export function publicPage(content: string, body: Record<string, string> = {}): string {
  const attributes = Object.entries({ "data-profile": "ana", ...body })
    .map(([name, value]) => ` ${name}="${value}"`)
    .join("");
  return `<!doctype html><html lang="pt-BR"><head></head><body${attributes}><div class="vp"><main>${content}</main></div></body></html>`;
}

/** A block as the public page draws it (its kind's View, its public fields from the kind's example data). */
export function drawnBlock(anyKind: AnyBlockKind | BlockKind, block: { id: string; url: string | null; title?: string; thumbnailUrl?: string | null }): string {
  const kind = anyKind as BlockKind;
  const data = kind.data && kind.toPublic ? kind.toPublic(kind.data.schema.parse(kind.example[kind.data.field]), { name: "Ana Souza" }) : {};
  const shown: PublicBlockView = { kind: kind.name, title: typeof kind.example.title === "string" ? kind.example.title : "Bloco", ...data, ...block };
  const props = {
    block: shown,
    look: { className: "vp-btn", style: {} },
    preview: false,
    page: { username: "ana", name: "Ana Souza" },
    homeUrl: "https://vitrine.app/",
    Section: "h2" as const,
  };
  return renderToStaticMarkup(createElement("ul", null, createElement(kind.View, props)));
}
