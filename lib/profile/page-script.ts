import { blocks } from "@/lib/blocks/registry";
import { COUNTING_SCRIPT } from "./counting-script";
import { OPEN_IN_BROWSER_SCRIPT } from "./open-in-browser-script";

// The public page's one inline script (its CSP hash is computed from the
// very text sent, lib/profile/render-page.ts): counting and the blocks
// (counting-script.ts), the in-app browser's 'Abrir no navegador'
// (open-in-browser-script.ts), then the part of each block kind the page
// shows that brings one (its module's `script`, lib/blocks: the sign-up
// form's), once each, in the registry's order. Each part is its own
// function, so one failing never stops another.

/** What every page runs, whatever its blocks. */
export const BASE_SCRIPT = COUNTING_SCRIPT + OPEN_IN_BROWSER_SCRIPT;

/** The script of a page that shows blocks of these kinds. */
export function pageScript(kinds: ReadonlySet<string>): string {
  return BASE_SCRIPT + blocks.kinds.filter((kind) => kind.script && kinds.has(kind.name)).map((kind) => kind.script).join("");
}
