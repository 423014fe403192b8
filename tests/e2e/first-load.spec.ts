import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { PHONE } from "./helpers";

// What a page needs only once a person acts (the passkey ceremony and its
// autofill, dialogs, the toaster, form schemas) loads after the page's load
// event and its first idle moment, never in the critical path (issue 61):
// until then a page asks for its own first-load scripts (the build's
// manifests, scripts/page-scripts.mjs) and nothing else of ours: no other
// script and no API call. On a phone's CPU (4× slower), where the page's
// scripts and hydration take longest.

/** Route → its first-load scripts, read from the build by scripts/page-scripts.mjs. */
const firstLoad = new Map<string, string[]>(Object.entries(JSON.parse(execFileSync(process.execPath, ["scripts/page-scripts.mjs"], { encoding: "utf8" }))));

interface Loaded {
  path: string;
  start: number;
}

/** The resources the page asked for with their start times, the load event's time and the first idle moment after it. */
async function timeline(page: Page): Promise<{ load: number; idle: number | null; resources: Loaded[] }> {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const resources = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((r) => ({
      path: new URL(r.name).pathname,
      start: r.startTime,
    }));
    return { load: navigation!.loadEventStart, idle: (window as unknown as { firstIdle?: number }).firstIdle ?? null, resources };
  });
}

for (const [path, later] of [
  ["/", null],
  // The sign-in screen arms the passkey autofill (its library and a challenge) once the page has loaded and is idle.
  ["/login", "/api/login/passkey/options"],
] as const) {
  test(`${path}: only the page's first-load scripts before its load and first idle moment; what waits for a person comes after`, async ({ page }) => {
    const initial = new Set(firstLoad.get(path)!.map((file) => `/_next/${file}`));
    expect(initial.size).toBeGreaterThan(3);
    // The first idle moment after load, marked before any of the page's own callbacks can be registered.
    await page.addInitScript(() => {
      addEventListener("load", () => requestIdleCallback(() => ((window as unknown as { firstIdle?: number }).firstIdle = performance.now())), { once: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.setViewportSize(PHONE);
    await page.goto(path, { waitUntil: "load" });
    await expect.poll(async () => (await timeline(page)).idle, { timeout: 10_000 }).not.toBeNull();
    if (later) await expect.poll(async () => (await timeline(page)).resources.some((r) => r.path === later), { timeout: 10_000 }).toBe(true);
    else await page.waitForTimeout(1_500);
    const { load, idle, resources } = await timeline(page);
    expect(idle!).toBeGreaterThanOrEqual(load);
    const early = resources.filter((r) => r.start < idle!);
    const scripts = early.filter((r) => r.path.endsWith(".js")).map((r) => r.path);
    // Every first-load script was fetched (the check sees them), and nothing else of ours until the page was idle.
    expect(scripts.filter((p) => initial.has(p)).length).toBe(initial.size);
    expect(scripts.filter((p) => !initial.has(p))).toEqual([]);
    expect(early.filter((r) => r.path.startsWith("/api/")).map((r) => r.path)).toEqual([]);
    if (later) {
      // Then: the scripts it needed and its request.
      const after = resources.filter((r) => r.start >= idle!);
      expect(after.map((r) => r.path)).toContain(later);
      expect(after.some((r) => r.path.endsWith(".js") && !initial.has(r.path))).toBe(true);
    }
  });
}
