import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
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
