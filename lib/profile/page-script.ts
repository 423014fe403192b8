import { blocks } from "@/lib/blocks/registry";
import countVisitsScript from "./count-visits.min";
import offerOpenInBrowserScript from "./offer-open-in-browser.min";

// The public page's one inline script (its CSP hash is computed from the
// very text sent, lib/profile/render-page.ts), assembled from parts built at
// `npm run build` from typed source (scripts/build-page-scripts.mjs): what
// every page runs (counting, ./count-visits.browser.ts; the in-app browser's
// 'Abrir no navegador', ./offer-open-in-browser.browser.ts), then the part of
// each block kind the page shows that brings one (its module's `script`,
// lib/blocks/kinds/<kind>/*.browser.ts), once each, in the registry's order.
//
// Only the kinds the page holds, rather than every kind's part on every page:
// most pages are links alone and need none of them (the sign-up form's part
// alone is larger than the counting), the page is cached once rendered with
// its CSP, and the hash is taken once per rendered page. Each part is its
// own function called in a try, so one failing never stops another.

/** What every page runs, whatever its blocks. */
export const BASE_SCRIPT = countVisitsScript + offerOpenInBrowserScript;

/** The script of a page that shows blocks of these kinds. */
export function pageScript(kinds: ReadonlySet<string>): string {
  return (
    BASE_SCRIPT +
    blocks.kinds
      .filter((kind) => kind.script && kinds.has(kind.name))
      .map((kind) => kind.script)
      .join("")
  );
}
