import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { E2E_METRICS_TOKEN, PHONE, snap } from "./helpers";
import { runtime } from "./runtime";
import { signUpAndIn } from "./session";

// Operations (api.md, second release): the pt-BR error view for a page that
// fails in the browser, and /metrics as the real server (server.mjs) counts.

const PERSON_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test.describe("error view", () => {
  test("a page that fails to render in the browser shows the pt-BR error view, keyboard-usable, and recovers on retry", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signUpAndIn(page);
    await page.request.post("/api/links", { data: { title: "Meu site", url: "https://example.com" } });
    // The dashboard's first list comes with the page; its next read (after a
    // change) gets a malformed answer (a broken proxy, a bug): the link list
    // cannot draw a null link.
    await page.goto("/dashboard");
    await page.route("**/api/links", (route) => (route.request().method() === "GET" ? route.fulfill({ json: [null] }) : route.continue()));
    await page.getByRole("switch", { name: "Mostrar Meu site no perfil" }).click();
    const heading = page.getByRole("heading", { level: 1, name: "Algo deu errado" });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByText("Não foi possível mostrar esta página agora.", { exact: false })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(/Application error|client-side exception|This page couldn/i);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    // Inside the site's frame: the header stays.
    await expect(page.getByRole("banner")).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    await snap(page, "error-view-375");

    await page.unroute("**/api/links");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Tentar novamente" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(heading).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Meus Links" })).toBeVisible();
  });
});

test.describe("GET /metrics", () => {
  test("401 with a wrong token", async ({ request }) => {
    const res = await request.get("/metrics", { headers: { authorization: "Bearer errado-errado-errado" } });
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual({ message: "Token de métricas inválido." });
  });

  test("counts requests by route pattern, never by username or id", async ({ page, request }) => {
    const owner = await signUpAndIn(page);
    const created = await page.request.post("/api/links", { data: { title: "Meu site", url: "https://example.com" } });
    expect(created.status()).toBe(201);
    const link = (await created.json()) as { id: string };
    for (let i = 0; i < 3; i++) expect((await request.get(`/${owner.username}`)).status()).toBe(200);
    expect((await request.get("/ninguem_aqui_42")).status()).toBe(404);
    const person = { "user-agent": PERSON_UA };
    expect((await request.post(`/api/profiles/${owner.username}/view`, { data: {}, headers: person })).status()).toBe(204);
    expect((await request.post(`/api/links/${link.id}/click`, { data: {}, headers: person })).status()).toBe(204);
    expect((await request.get("/api/health")).status()).toBe(200);

    const res = await request.get("/metrics", { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/plain");
    const text = await res.text();
    const has = (series: string) => expect(text).toMatch(new RegExp(`^${series.replace(/[[\]{}()*+?.\\^$|]/g, "\\$&")} [1-9]`, "m"));
    has('vitrine_http_requests_total{route="/[username]",method="GET",status="200"}');
    has('vitrine_http_requests_total{route="/[username]",method="GET",status="404"}');
    has('vitrine_http_requests_total{route="/api/profiles/[username]/view",method="POST",status="204"}');
    has('vitrine_http_requests_total{route="/api/links/[id]/click",method="POST",status="204"}');
    has('vitrine_http_requests_total{route="/api/health",method="GET",status="200"}');
    has('vitrine_http_request_duration_seconds_count{route="/[username]",method="GET"}');
    has('vitrine_counts_recorded_total{kind="view"}');
    has('vitrine_counts_recorded_total{kind="click"}');
    has("vitrine_page_cache_hits_total");
    has("vitrine_page_cache_misses_total");
    has("process_resident_memory_bytes");
    for (const name of [
      "vitrine_emails_queued_total",
      "vitrine_emails_sent_total",
      "vitrine_emails_failed_total",
      "vitrine_db_pool_connections",
      "vitrine_counts_refused_total",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    const labels = text
      .split("\n")
      .filter((l) => !l.startsWith("#"))
      .map((l) => /\{.*\}/.exec(l)?.[0] ?? "");
    const joined = labels.join("\n");
    expect(joined).not.toContain(owner.username);
    expect(joined).not.toContain("ninguem_aqui_42");
    expect(joined).not.toContain(link.id);
    // Every route label is a pattern or one of the fixed groups.
    const routes = new Set(labels.flatMap((l) => [...(/route="([^"]*)"/.exec(l)?.slice(1) ?? [])]));
    for (const r of routes) expect(r).toMatch(/^(\/[A-Za-z0-9_.\-/[\]]*|\(static\)|\(unmatched\))$/);
  });
});

test.describe("npm run backup", () => {
  test("takes the embedded database's copy from the running app, and it restores into a fresh directory", async ({ request }) => {
    test.skip(Boolean(process.env.E2E_DATABASE_URL), "the e2e server runs on PostgreSQL");
    const { dataDir } = runtime();
    const work = mkdtempSync(path.join(os.tmpdir(), "vitrine-e2e-backup-"));
    const file = path.join(work, "vitrine.backup");
    const cli = (args: string[], vars: Record<string, string>) =>
      execFileSync("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/backup.ts", ...args], {
        env: { ...process.env, DATABASE_URL: "", ...vars },
        encoding: "utf8",
      });
    expect(cli(["backup", file], { DATA_DIR: dataDir })).toContain("taken from the running app");
    // The app kept serving throughout.
    expect((await request.get("/api/health")).status()).toBe(200);
    const restored = cli(["restore", file], { DATA_DIR: path.join(work, "restored") });
    expect(restored).toMatch(/Restored into .*User [1-9]/);
  });
});
