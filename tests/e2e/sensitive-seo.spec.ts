import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, FULL_CHROMIUM } from "./browser";
import { PHONE, snap } from "./helpers";
import { tabTo, withoutTransitions } from "./keyboard";
import { signUpAndIn } from "./session";

// The full Chromium where there is one: under the headless shell a context's
// route is not applied to the address 'Continuar' redirects to (the page then
// shows chrome-error://); the other journeys run there (tests/e2e/browser.ts).
if (FULL_CHROMIUM) test.use({ launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS } });

// api.md, Creator blocks: the owner sets search-engine texts and a content
// warning in /settings with the keyboard alone at 375 px; visitors meet the
// warning first, with or without JavaScript; a sensitive link warns on its
// short link before redirecting and counting once. Trust and accuracy: the
// warning's HTML holds none of the links; 'Continuar' is remembered for the
// visit (the same browser sees the links at once, another visitor the
// warning); the view is counted once.

const PHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const toast = (page: Page) => page.locator("[data-slot=toast]").first();

async function axeClean(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    ),
    `axe on ${label}`,
  ).toEqual([]);
}

/** A visitor on a phone (counted like a person), with or without JavaScript. */
async function visitor(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ userAgent: PHONE_UA, viewport: PHONE, javaScriptEnabled, locale: "pt-BR" });
  for (const site of ["https://loja.example.com/**", "https://youtube.com/**"]) {
    await context.route(site, (route) => route.fulfill({ contentType: "text/html", body: "<title>Loja</title>loja" }));
  }
  return context;
}

test("sensitive content and search engines, from the settings to the visitor", async ({ page, browser }) => {
  test.setTimeout(420_000);
  await page.setViewportSize(PHONE);
  await withoutTransitions(page);
  const u = await signUpAndIn(page);
  expect((await page.request.post("/api/links", { data: { title: "Meu canal", url: "https://youtube.com/@ana", openInApp: false } })).status()).toBe(201);

  // A link marked 'Conteúdo sensível' in the add form (Space on the checkbox).
  await page.goto("/dashboard/add");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Título").fill("Loja picante");
  await page.getByLabel("URL").fill("https://loja.example.com/");
  const flag = page.getByRole("checkbox", { name: "Conteúdo sensível" });
  await expect(flag).not.toBeChecked();
  await expect(page.getByText("Quem clicar vê um aviso antes de ser levado ao endereço.")).toBeVisible();
  await flag.focus();
  await page.keyboard.press("Space");
  await expect(flag).toBeChecked();
  await snap(page, "sensitive-seo-link-form-375");
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await page.waitForURL("**/dashboard");
  const sensitiveLink = ((await (await page.request.get("/api/links")).json()) as { id: string; title: string; sensitive: boolean }[]).find(
    (l) => l.title === "Loja picante",
  )!;
  expect(sensitiveLink.sensitive).toBe(true);

  // The owner, keyboard only, at 375 px.
  await page.goto("/settings");
  await page.waitForLoadState("networkidle");
  const title = page.getByLabel("Título para buscadores");
  await tabTo(page, title);
  await page.keyboard.type("Ana cozinha e viaja");
  await expect(page.getByText("19/60 caracteres")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Descrição para buscadores")).toBeFocused();
  await page.keyboard.type("Receitas rápidas e roteiros de viagem.");
  const indexable = page.getByRole("checkbox", { name: "Permitir que buscadores mostrem minha página" });
  await expect(indexable).toBeChecked();
  const none = page.getByRole("radio", { name: /Nenhum aviso/ });
  await tabTo(page, none);
  await page.keyboard.press("ArrowDown");
  const adult = page.getByRole("radio", { name: /Conteúdo para maiores de 18 anos/ });
  await expect(adult).toBeFocused();
  await expect(adult).toBeChecked();
  await snap(page, "sensitive-seo-settings-375");
  const save = page.getByRole("button", { name: "Salvar preferências" });
  await tabTo(page, save);
  await page.keyboard.press("Enter");
  await expect(toast(page)).toContainText("Configurações atualizadas com sucesso");
  const me = await (await page.request.get("/api/user")).json();
  expect(me).toMatchObject({ seoTitle: "Ana cozinha e viaja", seoDescription: "Receitas rápidas e roteiros de viagem.", indexable: true, sensitive: "adult" });
  await axeClean(page, "/settings at 375 px");

  // A visitor with JavaScript: the warning alone; the links are not in the page at all.
  const withJs = await visitor(browser);
  const visit = await withJs.newPage();
  const views: string[] = [];
  const clicks: string[] = [];
  visit.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith(`/api/profiles/${u.username}/view`)) views.push(r.url());
    if (r.method() === "POST" && /\/api\/links\/[^/]+\/click$/.test(r.url())) clicks.push(r.url());
  });
  const first = await visit.goto(`/${u.username}`);
  expect(first?.headers()["vary"]).toMatch(/\bCookie\b/);
  expect(await first?.text()).not.toMatch(/Meu canal|Loja picante|youtube\.com|loja\.example\.com/);
  await expect(visit).toHaveTitle("Ana cozinha e viaja");
  await expect(visit.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(visit.getByRole("heading", { level: 1, name: "Conteúdo para maiores de 18 anos" })).toBeVisible();
  const channel = visit.getByRole("link", { name: "Meu canal" });
  await expect(channel).toHaveCount(0);
  await expect.poll(() => views.length).toBe(1);
  await axeClean(visit, "the warning at 375 px");
  await snap(visit, "sensitive-seo-warning-375");

  // 'Continuar' by keyboard: a form posted to the page, which comes back with the links.
  const go = visit.getByRole("button", { name: "Continuar" });
  await tabTo(visit, go);
  await visit.keyboard.press("Enter");
  await expect(channel).toBeVisible();
  await expect(visit).toHaveURL(new RegExp(`/${u.username}$`));
  await expect(visit.getByRole("heading", { name: "Conteúdo para maiores de 18 anos" })).toHaveCount(0);
  await visit.keyboard.press("Tab");
  await expect(channel).toBeFocused();
  await axeClean(visit, "the page after 'Continuar' at 375 px");
  await snap(visit, "sensitive-seo-continued-375");
  // The warning counted the view; the page 'Continuar' led back to is the same view. A link's click still counts.
  const popup = withJs.waitForEvent("page");
  await channel.click();
  await (await popup).close();
  await expect.poll(() => clicks.length).toBe(1);
  expect(views).toHaveLength(1);

  // Remembered for the visit: a reload, the plain address again, and a new tab of the same browser show the links at once.
  await visit.reload();
  await expect(channel).toBeVisible();
  await visit.goto(`/${u.username}`);
  await expect(channel).toBeVisible();
  await expect(visit.getByRole("heading", { name: "Conteúdo para maiores de 18 anos" })).toHaveCount(0);
  const tab = await withJs.newPage();
  await tab.goto(`/${u.username}`);
  await expect(tab.getByRole("link", { name: "Meu canal" })).toBeVisible();
  await tab.close();
  // Another visitor (another browser) meets the warning; there 'Voltar' goes back to where the visitor came from.
  const stranger = await visitor(browser);
  const other = await stranger.newPage();
  // The page's short links warn too before 'Continuar' (a redirect would tell the address).
  const channelId = ((await (await page.request.get("/api/links")).json()) as { id: string; title: string }[]).find((l) => l.title === "Meu canal")!.id;
  const short = await other.goto(`/${u.username}/${channelId}`);
  expect(short?.status()).toBe(200);
  expect(short?.headers()["location"]).toBeUndefined();
  await expect(other.getByRole("heading", { level: 1, name: "Conteúdo para maiores de 18 anos" })).toBeVisible();
  await expect(other.getByText("youtube.com")).toHaveCount(0);
  await other.goto("/");
  await other.goto(`/${u.username}`);
  await expect(other.getByRole("heading", { level: 1, name: "Conteúdo para maiores de 18 anos" })).toBeVisible();
  await expect(other.getByRole("link", { name: "Meu canal" })).toHaveCount(0);
  await other.getByRole("link", { name: "Voltar" }).click();
  await expect(other).toHaveURL(/\/$/);
  await stranger.close();

  // Link previews: the Open Graph image is a neutral card.
  const og = await withJs.newPage();
  const image = await og.goto(`/og/${u.username}`);
  expect(image?.headers()["content-type"]).toBe("image/png");
  await snap(og, "sensitive-seo-og-card");
  await og.close();

  // The sensitive link's button goes to its short link, which warns, then redirects and counts once.
  const button = visit.getByRole("link", { name: "Loja picante" });
  await expect(button).toHaveAttribute("href", new RegExp(`/${u.username}/${sensitiveLink.id}$`));
  await expect(button).not.toHaveAttribute("data-link-id", /.*/);
  await visit.goto(`/${u.username}/${sensitiveLink.id}`);
  await expect(visit.getByRole("heading", { level: 1, name: "Conteúdo sensível" })).toBeVisible();
  await expect(visit.getByText("loja.example.com")).toHaveCount(0);
  await axeClean(visit, "the link's warning at 375 px");
  await snap(visit, "sensitive-seo-link-warning-375");
  await visit.getByRole("link", { name: "Continuar" }).click();
  await expect(visit).toHaveURL("https://loja.example.com/");
  await expect
    .poll(
      async () => ((await (await page.request.get("/api/links")).json()) as { id: string; clicks: number }[]).find((l) => l.id === sensitiveLink.id)?.clicks,
    )
    .toBe(1);
  await withJs.close();

  // Without any JavaScript: 'Continuar' still reveals the links, and is remembered; 'Voltar' is a real link.
  const noJs = await visitor(browser, false);
  const plain = await noJs.newPage();
  await plain.goto(`/${u.username}`);
  await expect(plain.getByRole("link", { name: "Meu canal" })).toHaveCount(0);
  await expect(plain.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", /\/$/);
  await plain.getByRole("button", { name: "Continuar" }).click();
  await expect(plain.getByRole("link", { name: "Meu canal" })).toBeVisible();
  await plain.reload();
  await expect(plain.getByRole("link", { name: "Meu canal" })).toBeVisible();
  await plain.goto(`/${u.username}`);
  await expect(plain.getByRole("link", { name: "Meu canal" })).toBeVisible();
  await plain.goto(`/${u.username}/${sensitiveLink.id}`);
  await expect(plain.getByRole("heading", { name: "Conteúdo sensível" })).toBeVisible();
  await plain.getByRole("link", { name: "Continuar" }).click();
  await expect(plain).toHaveURL("https://loja.example.com/");
  await noJs.close();
  await expect
    .poll(
      async () => ((await (await page.request.get("/api/links")).json()) as { id: string; clicks: number }[]).find((l) => l.id === sensitiveLink.id)?.clicks,
    )
    .toBe(2);
  // Another visitor without JavaScript: the warning again.
  const noJsStranger = await visitor(browser, false);
  const second = await noJsStranger.newPage();
  await second.goto(`/${u.username}`);
  await expect(second.getByRole("heading", { level: 1, name: "Conteúdo para maiores de 18 anos" })).toBeVisible();
  await expect(second.getByRole("link", { name: "Meu canal" })).toHaveCount(0);
  await noJsStranger.close();

  // robots.txt and the sitemap leave the flagged page out.
  const robots = await page.request.get("/robots.txt");
  expect(await robots.text()).toContain("/sitemap.xml");
  const index = await (await page.request.get("/sitemap.xml")).text();
  const part = await (await page.request.get(new URL(/<loc>([^<]+)<\/loc>/.exec(index)![1]!).pathname)).text();
  expect(part).not.toContain(`/${u.username}<`);
});
