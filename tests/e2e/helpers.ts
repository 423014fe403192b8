import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { runtime } from "./runtime";

export { E2E_CRON_SECRET, E2E_METRICS_TOKEN } from "./runtime";

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * Saves a full-page screenshot under screenshots/ for a person to look at
 * (screenshots/next-start/ for the `next start` run).
 */
export async function snap(page: Page, name: string) {
  const leg = runtime().runtime;
  const dir = path.resolve("screenshots", leg === "npm-start" ? "" : leg);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * The pointer comes over the page, as a person's would, and React has taken
 * the page over: for what only works once it has (a drag).
 */
export async function interactive(page: Page) {
  await page.mouse.move(1, 1);
  await page.mouse.move(20, 20);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Holds the app's scripts from here on, as a slow network would: what a
 * person does before React has the page. Go to the page with `waitUntil:
 * "domcontentloaded"` (held scripts keep the load event from firing), wait
 * for `asked()`, act, then `release()` the scripts and see what React makes
 * of the press.
 */
export async function holdScripts(page: Page) {
  const held: Array<() => Promise<void>> = [];
  let holding = true;
  await page.route("**/_next/static/**/*.js", (route) => (holding ? void held.push(() => route.continue()) : route.continue()));
  return {
    /** The page has asked for its scripts, and they are held. */
    asked: () => expect.poll(() => held.length, { message: "the scripts are asked for at load" }).toBeGreaterThan(0),
    /** Lets the held scripts through, and every later one at once. */
    async release() {
      holding = false;
      for (const release of held.splice(0)) await release();
    },
  };
}
