import { COUNTING_SCRIPT } from "./counting-script";
import { OPEN_IN_BROWSER_SCRIPT } from "./open-in-browser-script";
import { SUBSCRIBE_SCRIPT } from "@/lib/audience/subscribe-script";

// The public page's one inline script (its CSP hash is computed from this
// text, lib/profile/render-page.ts): counting and the blocks
// (counting-script.ts), the in-app browser's 'Abrir no navegador'
// (open-in-browser-script.ts) and the subscribe form (lib/audience). Each
// part is its own function, so one failing never stops another.
export const PAGE_SCRIPT = COUNTING_SCRIPT + OPEN_IN_BROWSER_SCRIPT + SUBSCRIBE_SCRIPT;
