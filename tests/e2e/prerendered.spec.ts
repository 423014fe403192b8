import { expect, test, type APIRequestContext } from "@playwright/test";
import { PHONE, holdScripts, snap } from "./helpers";
import { runtime } from "./runtime";
import { ADMIN, signInOrRegister } from "./users";

// Under npm start the signed-out pages are served from the server's memory
// once rendered (server.mjs and lib/server/static-pages.ts): same headers as
// before with script hashes for a CSP, brotli, an ETag, working pages, and
// signed-in visitors still handled by the app. Under next start (no
// server.mjs) Next renders them for each request: this request's nonce,
// Next's own gzip, no ETag; they work the same in the browser.

const SIGNED_OUT = ["/", "/login", "/register"] as const;

/** The encoding the build's scripts and the signed-out pages come in: server.mjs's brotli, or Next's own gzip. */
const encoding = () => (runtime().serverless ? "gzip" : "br");

/** The signed-out pages' script policy: their inline scripts' hashes when prerendered, else this request's nonce. */
const signedOutPolicy = () => (runtime().serverless ? /'nonce-[^']+' 'strict-dynamic'/ : /'sha256-/);

/**
 * Requests the page until the server answers it prerendered (its first
 * request renders it); under next start, the page as Next renders it for
 * this request.
 */
async function prerendered(request: APIRequestContext, path: string, status = 200) {
  if (runtime().serverless) {
    const res = await request.get(path, { headers: { "accept-encoding": "br, gzip" } });
    expect(res.status(), path).toBe(status);
    expect(res.headers()["content-security-policy"], path).toMatch(signedOutPolicy());
    return res;
  }
  for (let i = 0; i < 50; i++) {
    const res = await request.get(path, { headers: { "accept-encoding": "br, gzip" } });
    expect(res.status(), path).toBe(status);
    if (/'sha256-/.test(res.headers()["content-security-policy"] ?? "")) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${path} is never served prerendered`);
}

test.describe("prerendered signed-out pages", () => {
  test("answer with the app's security headers, compressed, and (prerendered, under npm start) revalidated by ETag", async ({ playwright, baseURL }) => {
    const { serverless } = runtime();
    const request = await playwright.request.newContext({ baseURL });
    for (const path of [...SIGNED_OUT, "/404"]) {
      const res = await prerendered(request, path, path === "/404" ? 404 : 200);
      const h = res.headers();
      expect(h["content-type"]).toBe("text/html; charset=utf-8");
      expect(h["content-encoding"]).toBe(encoding());
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(h["x-frame-options"]).toBe("SAMEORIGIN");
      expect(h["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=()");
      expect(h["x-powered-by"]).toBeUndefined();
      expect(h["content-security-policy"]).toContain("frame-ancestors 'self'");
      expect(h["content-security-policy"]).not.toMatch(/unsafe-inline'[^;]*'sha|script-src[^;]*unsafe/);
      const html = await res.text();
      // (/404 is Next's not-found document, drawn by its scripts, as when Next sends it.)
      if (path !== "/404") expect(html).toMatch(/^<!DOCTYPE html><html lang="pt-BR"/);
      if (serverless) {
        // Rendered for this request: its nonce on every script, never stored or revalidated.
        const nonce = /'nonce-([^']+)'/.exec(h["content-security-policy"]!)![1]!;
        expect(html).toContain(`nonce="${nonce}"`);
        expect(h.etag).toBeUndefined();
        expect(h["cache-control"]).toContain("no-store");
      } else {
        expect(h["content-security-policy"]).not.toMatch(/nonce|strict-dynamic/);
        expect(html).not.toContain("nonce=");
        if (path !== "/404") {
          const again = await request.get(path, { headers: { "if-none-match": h.etag! } });
          expect(again.status(), `${path} revalidated`).toBe(304);
        }
      }
      const head = await request.head(path);
      expect(head.status()).toBe(path === "/404" ? 404 : 200);
    }
    // Anything the page depends on still goes to Next: a query string gets a nonce.
    const withQuery = await request.get("/register?username=bia_prerender");
    expect(withQuery.headers()["content-security-policy"]).toMatch(/'nonce-/);
    expect(await withQuery.text()).toContain("bia_prerender");
    await request.dispose();
  });

  test("the build's scripts are sent compressed (brotli under npm start, Next's gzip under next start), with the same bytes and headers", async ({
    playwright,
    baseURL,
  }) => {
    const request = await playwright.request.newContext({ baseURL });
    const html = await (await request.get("/login?x=1")).text();
    const src = /<script src="(\/_next\/static\/chunks\/[^"]+\.js)"/.exec(html)![1]!;
    const plain = await request.get(src, { headers: { "accept-encoding": "identity" } });
    let res = plain;
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    // server.mjs compresses a file on its first request and sends brotli once it has it.
    for (let i = 0; i < 50 && res.headers()["content-encoding"] !== encoding(); i++) {
      if (i) await new Promise((r) => setTimeout(r, 100));
      res = await request.get(src, { headers: { "accept-encoding": "gzip, deflate, br" } });
    }
    const h = res.headers();
    expect(h["content-encoding"]).toBe(encoding());
    expect(h["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await res.body()).equals(await plain.body())).toBe(true); // decoded by the client
    expect((await request.get(src, { headers: { "accept-encoding": "br", "if-none-match": h.etag! } })).status()).toBe(304);
    expect((await request.get("/_next/static/chunks/nada.js", { headers: { "accept-encoding": "br" } })).status()).toBe(404);
    await request.dispose();
  });

  test("signed-in visitors of /login and /register still go to the dashboard", async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    for (const path of ["/login", "/register"]) await prerendered(anonymous, path);
    await anonymous.dispose();

    const request = await playwright.request.newContext({ baseURL });
    await signInOrRegister(request, ADMIN);
    for (const path of ["/login", "/register"]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBeGreaterThanOrEqual(302);
      expect(res.status(), path).toBeLessThanOrEqual(308);
      expect(new URL(res.headers().location!, baseURL).pathname).toBe("/dashboard");
    }
    // The landing page shows the signed-in header, rendered for this visitor.
    const landing = await request.get("/");
    expect(landing.headers()["content-security-policy"]).toMatch(/'nonce-/);
    expect(await landing.text()).toContain("/dashboard");
    await request.dispose();
  });

  test("work in the browser at 375 px under their policy (hash-based under npm start)", async ({ page, playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    for (const path of SIGNED_OUT) await prerendered(request, path);
    await request.dispose();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && /Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.setViewportSize(PHONE);

    // Landing: the claim form runs (its script was allowed) and is keyboard-usable.
    const landing = await page.goto("/");
    expect(landing?.headers()["content-security-policy"]).toMatch(signedOutPolicy());
    await page.waitForLoadState("networkidle");
    const field = page.getByLabel("Escolha seu nome de usuário");
    await field.focus();
    await page.keyboard.type("prerenderok");
    await snap(page, "prerendered-landing-375");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/register?username=prerenderok");

    // Register: the form validates with its shared schema, loaded at the first submit.
    expect((await page.goto("/register"))?.headers()["content-security-policy"]).toMatch(signedOutPolicy());
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Criar conta", exact: true }).click();
    await expect(page.getByText("Nome deve ter pelo menos 3 caracteres")).toBeVisible();

    // Not found: the 404 view, prerendered too.
    const missing = await page.goto("/404");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(violations).toEqual([]);
  });
});

test.describe("prerendered pages start their scripts at load, and lose nothing done before they run", () => {
  test("a form sent twice before the scripts have run is kept by React and sent once they have: answered in pt-BR, no password in any address", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const request = await playwright.request.newContext({ baseURL });
    await prerendered(request, "/login");
    await request.dispose();
    await page.setViewportSize(PHONE);
    const addresses: string[] = [];
    page.on("request", (r) => addresses.push(r.url()));

    // Hold every script the page asks for: they are asked for at load, before any interaction.
    const scripts = await holdScripts(page);
    await page.goto("/login", { waitUntil: "domcontentloaded" });
    await scripts.asked();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
    await snap(page, "prerendered-login-before-scripts-375");

    // The visitor types and presses twice while the scripts are still on their way: React's form-replaying script keeps the presses.
    const posts: string[] = [];
    page.on("request", (r) => r.url().endsWith("/api/login") && r.method() === "POST" && posts.push(r.headers()["content-type"] ?? ""));
    await page.getByLabel("E-mail").fill("ninguem.aqui@example.com");
    await page.getByLabel("Senha", { exact: true }).fill("senhaerrada1");
    await page.getByLabel("Lembrar de mim").check();
    const button = page.getByRole("button", { name: "Entrar", exact: true });
    await button.click();
    await page.waitForTimeout(120);
    await button.click();
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);

    // Once the scripts run, React sends the form once, and the refusal is shown in pt-BR beside what was typed.
    await scripts.release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    await expect(page.getByText("Email ou senha incorretos. Tente novamente.", { exact: true }).first()).toBeVisible();
    await page.waitForTimeout(500);
    expect(posts).toEqual(["application/json"]);
    await expect(page.getByLabel("E-mail")).toHaveValue("ninguem.aqui@example.com");
    await expect(page.getByLabel("Lembrar de mim")).toBeChecked();
    expect(new URL(page.url()).search).toBe("");
    for (const address of addresses) expect(address).not.toMatch(/senhaerrada1|password=/);
  });

  test("typing into every registration field before the scripts have loaded keeps every character, and the form then sends it", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const request = await playwright.request.newContext({ baseURL });
    await prerendered(request, "/register");
    await request.dispose();
    await page.setViewportSize(PHONE);
    const scripts = await holdScripts(page);
    await page.goto("/register", { waitUntil: "domcontentloaded" });
    await scripts.asked();

    const id = Date.now().toString(36).slice(-6);
    const typed: Array<[string, string]> = [
      ["Nome completo", "Ana Tecla"],
      ["Nome de usuário", `tecla_${id}`],
      ["Telefone", "11987654321"],
      ["E-mail", `tecla${id}@example.com`],
      ["Senha", "segredo123"],
      ["Confirme a senha", "segredo123"],
    ];
    // Key by key, as a person types, while nothing of React has run.
    for (const [label, value] of typed) await page.getByLabel(label, { exact: true }).pressSequentially(value);
    await page.getByLabel(/Li e aceito/).check();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);

    await scripts.release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    // Every character is there, and was handed to the field's own handler as React took it: the
    // phone shows the mask it gets when typed once the scripts run (lib/client/kept-typing.ts).
    const shown = new Map([["Telefone", "(11) 98765-4321"]]);
    for (const [label, value] of typed) await expect(page.getByLabel(label, { exact: true }), label).toHaveValue(shown.get(label) ?? value);
    await expect(page.getByLabel(/Li e aceito/)).toBeChecked();

    const sent = page.waitForRequest((r) => r.url().endsWith("/api/register") && r.method() === "POST");
    await page.getByRole("button", { name: "Criar conta", exact: true }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      name: "Ana Tecla",
      username: `tecla_${id}`,
      phone: "(11) 98765-4321",
      email: `tecla${id}@example.com`,
      terms: true,
    });
    await page.waitForURL("**/dashboard");
  });

  test("a name typed into the landing's claim field before the scripts have run is kept, and claims it", async ({ page, playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await prerendered(request, "/");
    await request.dispose();
    await page.setViewportSize(PHONE);
    const scripts = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await scripts.asked();
    const name = `cedo_${Date.now().toString(36).slice(-6)}`;
    const field = page.getByRole("textbox", { name: "Escolha seu nome de usuário" });
    await field.pressSequentially(name);

    await scripts.release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    await expect(field).toHaveValue(name);
    await page.getByRole("button", { name: /Começar Grátis/ }).click();
    await page.waitForURL(`**/register?username=${name}`);
  });
});
