import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { DESKTOP, PHONE, snap } from "./helpers";
import { signUpAndIn } from "./session";

const DESKTOP_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const TIKTOK_UA =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0.6422.165 Mobile Safari/537.36 trill_350003 BytedanceWebview/d8a21c6";

async function axeClean(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** A visitor opens the page (from `referer`, if any) and clicks the first link. */
async function visit(browser: Browser, username: string, userAgent: string, referer?: string) {
  const context = await browser.newContext({ userAgent, viewport: PHONE });
  await context.route("https://loja.example.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>Loja</title>loja" }));
  const page = await context.newPage();
  const views = page.waitForResponse((r) => r.url().endsWith("/view") && r.request().method() === "POST");
  await page.goto(`/${username}`, referer ? { referer } : undefined);
  expect((await views).status()).toBe(204);
  const clicked = page.waitForResponse((r) => r.url().endsWith("/click") && r.request().method() === "POST");
  const [tab] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: "Minha loja" }).click()]);
  expect((await clicked).status()).toBe(204);
  await tab.close();
  await context.close();
}

test("a visitor from Instagram and one in TikTok's browser show under their sources on /dashboard/stats", async ({ page, browser }) => {
  const u = await signUpAndIn(page);
  for (const [title, url] of [
    ["Minha loja", "https://loja.example.com/"],
    ["Meu canal", "https://youtube.com/@ana"],
  ]) {
    expect((await page.request.post("/api/links", { data: { title, url } })).status()).toBe(201);
  }
  // The owner's own visit does not count.
  await page.goto(`/${u.username}`);

  await visit(browser, u.username, DESKTOP_UA, "https://l.instagram.com/?u=vitrine");
  await visit(browser, u.username, TIKTOK_UA);

  await page.setViewportSize(PHONE);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Ver estatísticas completas" }).click();
  await expect(page).toHaveURL(/\/dashboard\/stats$/);
  await expect(page.getByRole("heading", { level: 1, name: "Estatísticas" })).toBeVisible();
  await expect(page.getByTestId("stat-views")).toHaveText("2");
  await expect(page.getByTestId("stat-visitors")).toHaveText("2");
  await expect(page.getByTestId("stat-clicks")).toHaveText("2");
  await expect(page.getByTestId("stat-ctr")).toHaveText("100,0%");
  const sources = page.getByTestId("sources");
  await expect(sources.getByRole("listitem").filter({ hasText: "Instagram" })).toContainText("1 · 1 clique (50%)");
  await expect(sources.getByRole("listitem").filter({ hasText: "TikTok" })).toContainText("1 · 1 clique (50%)");
  await expect(page.getByTestId("devices").getByRole("listitem").filter({ hasText: "Celular" })).toContainText("1 (50%)");
  await expect(page.getByTestId("devices").getByRole("listitem").filter({ hasText: "Computador" })).toContainText("1 (50%)");
  await expect(page.getByTestId("countries")).toContainText("Desconhecido");
  const row = page.getByTestId("links-table").getByRole("row", { name: /Minha loja/ });
  await expect(row).toContainText("100,0%");
  await expect(row).toContainText("Minha loja: 2 cliques no período");
  await expect(page.getByTestId("daily-chart").locator("figcaption")).toContainText("2 visualizações, 2 visitantes e 2 cliques");
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await axeClean(page);
  await snap(page, "insights-375");

  // The period and the text alternative of the chart are keyboard-usable.
  await page.getByRole("button", { name: "7 dias" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "7 dias" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { name: /Últimos 7 dias/ })).toBeVisible();
  await page.getByText("Ver os números em tabela").click();
  await expect(page.getByTestId("daily-chart").getByRole("row")).toHaveCount(8);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Baixar CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`vitrine-${u.username}-7dias.csv`);

  await page.setViewportSize(DESKTOP);
  await axeClean(page);
  await snap(page, "insights-1280");

  await page.getByRole("button", { name: "Zerar estatísticas" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Zerar todas as estatísticas?");
  await axeClean(page);
  await dialog.getByRole("button", { name: "Zerar" }).click();
  await expect(page.getByTestId("stat-views")).toHaveText("0");
  await expect(page.getByTestId("stat-clicks")).toHaveText("0");
  await expect(page.getByTestId("sources")).toContainText("Nada registrado neste período.");
});
