import { existsSync } from "node:fs";

// The Chromium the journeys drive (playwright.config.ts). Debian's headless
// shell where it is installed (chromium-headless-shell: the same Chromium
// build without the full browser's display, a third less CPU for the same
// journeys, measured), else the system's Chromium; E2E_CHROMIUM names another.
// Without either, Playwright's own download (scripts/ensure-browser.mjs).

/** The system's full Chromium, if any. */
export const FULL_CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

export const JOURNEY_CHROMIUM =
  process.env.E2E_CHROMIUM ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : FULL_CHROMIUM);

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
