import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { PHONE, snap } from "./helpers";
import { signUpAndIn } from "./session";

// The installable dashboard and "share to Vitrine" (issue #41; api.md, The
// owner's phone): the manifest and its icons, the service worker on the owner
// screens (installable, no errors, nothing signed-in in its cache), the pt-BR
// offline page, and the share target filling 'Adicionar link'.

const SHARED_VIDEO = "https://youtu.be/dQw4w9WgXcQ?si=share";

async function expectNoViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
  expect(found, `axe violations on ${label}`).toEqual([]);
}

/** Console errors and uncaught exceptions of the page (and of its worker, which Chromium reports to the page). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => (m.type() === "error" ? errors.push(m.text()) : undefined));
  page.on("pageerror", (e) => errors.push(String(e)));
  return errors;
}

/** The page's worker once it has activated and controls the page: its scope and state. */
async function activeWorker(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== "activated") {
      await new Promise<void>((resolve) => worker.addEventListener("statechange", () => worker.state === "activated" && resolve()));
    }
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }));
    }
    return { scope: registration.scope, state: worker.state, script: worker.scriptURL, controlled: Boolean(navigator.serviceWorker.controller) };
  });
}

/** Every cache the origin holds: its name, and each entry's path and content type. */
async function cacheContents(page: Page) {
  return page.evaluate(async () => {
    const out: { cache: string; path: string; type: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        out.push({ cache: name, path: new URL(request.url).pathname, type: response?.headers.get("content-type") ?? "" });
      }
    }
    return out;
  });
}

test.describe("installable dashboard", () => {
  test("the manifest is served with its fields; its icons load at their sizes; app pages link it, the public page does not", async ({ page, request }) => {
    const res = await request.get("/manifest.webmanifest");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: "Vitrine",
      short_name: "Vitrine",
      lang: "pt-BR",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      theme_color: "#6d28d9",
      share_target: {
        action: "/dashboard/add",
        method: "GET",
        enctype: "application/x-www-form-urlencoded",
        params: { title: "title", text: "text", url: "url" },
      },
    });
    expect(manifest.description).toContain("página de links");
    const purposes = (manifest.icons as { purpose: string; sizes: string }[]).map((i) => `${i.sizes} ${i.purpose}`);
    expect(purposes).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const file = await request.get(icon.src);
      expect([icon.src, file.status(), file.headers()["content-type"]]).toEqual([icon.src, 200, "image/png"]);
      const meta = await sharp(await file.body()).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }

    const sw = await request.get("/sw.js");
    expect(sw.status()).toBe(200);
    expect(sw.headers()["content-type"]).toMatch(/javascript/);
    expect(sw.headers()["cache-control"]).toBe("no-cache");

    const u = await signUpAndIn(page);
    await page.goto("/dashboard");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    // The public profile: its own lean page, no manifest, no worker.
    const profile = await (await request.get(`/${u.username}`)).text();
    expect(profile).not.toContain("manifest.webmanifest");
    expect(profile).not.toContain("sw.js");
  });

  test("the worker registers and activates on the dashboard without console errors; the app is installable; the public page registers none", async ({
    page,
    browser,
    playwright,
    launchOptions,
    baseURL,
  }) => {
    const errors = collectErrors(page);
    const u = await signUpAndIn(page);
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Meus Links" })).toBeVisible();
    const worker = await activeWorker(page);
    expect(worker).toEqual({ scope: new URL("/", page.url()).href, state: "activated", script: new URL("/sw.js", page.url()).href, controlled: true });

    // Chromium's own installability check (what makes it offer 'Instalar app'),
    // in a browser with a profile on disk: a test context is incognito, where nothing installs.
    const profileDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-pwa-"));
    const installed = await playwright.chromium.launchPersistentContext(profileDir, { ...launchOptions, baseURL, viewport: PHONE });
    try {
      const login = await installed.request.post("/api/login", { data: { username: u.email, password: u.password } });
      expect(login.status()).toBe(200);
      const phone = installed.pages()[0] ?? (await installed.newPage());
      await phone.goto("/dashboard");
      await activeWorker(phone);
      const cdp = await installed.newCDPSession(phone);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
      const { url: manifestUrl, errors: manifestErrors } = await cdp.send("Page.getAppManifest");
      expect([manifestUrl, manifestErrors]).toEqual([new URL("/manifest.webmanifest", phone.url()).href, []]);
    } finally {
      await installed.close();
      rmSync(profileDir, { recursive: true, force: true });
    }

    // The other owner screens, under the worker.
    for (const path of ["/dashboard/stats", "/settings", "/cover"]) {
      const res = await page.goto(path);
      expect([path, res?.status()]).toEqual([path, 200]);
    }
    expect(errors).toEqual([]);

    // A visitor of the public page (a new browser, nothing registered before) gets no worker.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/${u.username}`);
    await visitorPage.waitForLoadState("load");
    await visitorPage.waitForTimeout(1500);
    expect(await visitorPage.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    await visitor.close();
  });

  test("offline, a page shows the pt-BR offline page; the cache holds build files, icons and that page, never a signed-in page", async ({ page, context }) => {
    await signUpAndIn(page);
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard");
    await activeWorker(page);
    // Pages visited under the worker, then the cache is read.
    await page.goto("/settings");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Meus Links" })).toBeVisible();

    const cached = await cacheContents(page);
    expect(new Set(cached.map((c) => c.cache))).toEqual(new Set(["vitrine-static-v1"]));
    expect(cached.map((c) => c.path)).toEqual(
      expect.arrayContaining(["/offline.html", "/icons/icon-192.png", "/icons/icon-512.png", "/icons/maskable-512.png"]),
    );
    expect(cached.filter((c) => c.path.startsWith("/_next/static/")).length).toBeGreaterThan(0);
    const outside = cached.filter((c) => !c.path.startsWith("/_next/static/") && !c.path.startsWith("/icons/") && c.path !== "/offline.html");
    expect(outside).toEqual([]);
    const html = cached.filter((c) => c.type.includes("text/html"));
    expect(html.map((c) => c.path)).toEqual(["/offline.html"]);

    await context.setOffline(true);
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Você está sem conexão");
    await expect(page.getByText("Confira sua internet e tente de novo.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("pt-BR");
    expect(await page.locator("script").count()).toBe(0);
    await expectNoViolations(page, "the offline page at 375 px");
    await snap(page, "pwa-offline-375");
    // The signed-in pages were never kept: the dashboard is not there either.
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Você está sem conexão");

    // Back online, 'Tentar de novo' opens the page that was asked for.
    await context.setOffline(false);
    await page.getByRole("link", { name: "Tentar de novo" }).click();
    await expect(page.getByRole("heading", { name: "Meus Links" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/dashboard");
  });
});

test.describe("share to Vitrine", () => {
  test("an address shared in text opens 'Adicionar link' with the address and title filled in", async ({ page }) => {
    await signUpAndIn(page);
    await page.setViewportSize(PHONE);
    const query = new URLSearchParams({ title: "Bolo de cenoura", text: "Olha esta receita: https://receitas.example.com/bolo-de-cenoura", url: "" });
    await page.goto(`/dashboard/add?${query}`);
    await expect(page.getByRole("heading", { name: "Adicionar link", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Título")).toHaveValue("Bolo de cenoura");
    await expect(page.getByLabel("URL")).toHaveValue("https://receitas.example.com/bolo-de-cenoura");
    await expectNoViolations(page, "the shared link at 375 px");
    await snap(page, "pwa-share-link-375");
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    await page.waitForURL("**/dashboard");
    await expect(page.getByTestId("link-title").filter({ hasText: "Bolo de cenoura" })).toBeVisible();
  });

  test("a shared YouTube address offers the player, and a plain link instead", async ({ page }) => {
    await signUpAndIn(page);
    await page.setViewportSize(PHONE);
    await page.goto(`/dashboard/add?${new URLSearchParams({ title: "Meu clipe", text: SHARED_VIDEO })}`);
    await expect(page.getByRole("heading", { name: "Adicionar vídeo ou música", level: 1 })).toBeVisible();
    await expect(page.getByTestId("shared-kind-offer")).toContainText("ele entra na sua página como player");
    await expect(page.getByLabel("Endereço do vídeo ou da música")).toHaveValue(SHARED_VIDEO);
    await expect(page.getByLabel("Título (opcional)")).toHaveValue("Meu clipe");
    await expectNoViolations(page, "the shared player at 375 px");
    await snap(page, "pwa-share-player-375");

    await page.getByRole("link", { name: "Adicionar como link comum" }).click();
    await expect(page.getByRole("heading", { name: "Adicionar link", level: 1 })).toBeVisible();
    await expect(page.getByLabel("URL")).toHaveValue(SHARED_VIDEO);
    await expect(page.getByRole("link", { name: "Adicionar como player" })).toBeVisible();
  });

  test("shared while signed out, sign-in comes back to the filled form's address", async ({ page }) => {
    const query = new URLSearchParams({ title: "Loja", text: "", url: "https://loja.example.com/" });
    await page.goto(`/dashboard/add?${query}`);
    await page.waitForURL("**/login?**");
    const callback = new URL(page.url()).searchParams.get("callbackUrl");
    expect(callback).toBe(`/dashboard/add?${query}`);
  });
});
