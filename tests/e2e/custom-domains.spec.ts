import AxeBuilder from "@axe-core/playwright";
import { chromium, expect, test, type Page } from "@playwright/test";
import { startDnsServer, type TestDnsServer } from "../support/dns-server";
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM } from "./browser";
import { coverImage } from "./fixtures";
import { DESKTOP, PHONE } from "./helpers";
import { E2E_DOMAIN_TARGET, e2eDnsPort } from "./runtime";
import { signUpAndIn } from "./session";
import { ADMIN, signInOrRegister } from "./users";

// A page on its owner's domain (api.md, Custom domains): the owner adds the
// domain in 'Domínio próprio', the DNS (this test's server, which the app
// asks: DNS_SERVERS) publishes the two records, 'Verificar' turns it active,
// and a visitor's browser that resolves the name to this machine opens the
// page there, every image of it (photo, cover, a link's thumbnail, the Open
// Graph image) loaded from the domain itself, another page's image refused
// there; an admin removes it from the panel, and the page is no longer served
// there. The card is axe-clean at 375 and 1280 px.

let dns: TestDnsServer;
test.beforeAll(async ({ baseURL }) => {
  dns = await startDnsServer({ port: e2eDnsPort(Number(new URL(baseURL!).port)) });
});
test.afterAll(async () => {
  await dns?.close();
});

async function axeCleanCard(page: Page, label: string) {
  for (const [name, size] of [
    ["375", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    const { violations } = await new AxeBuilder({ page }).include("[data-testid=domain-card]").analyze();
    const found = violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    );
    expect(found, `axe violations on ${label} at ${name} px`).toEqual([]);
  }
}

test("an owner adds a domain, verifies it, a visitor opens the page on it, and an admin removes it", async ({ page, browser, baseURL }) => {
  // Two browsers and four axe runs: more than the default minute on a loaded machine.
  test.setTimeout(120_000);
  const owner = await signUpAndIn(page);
  const domain = `links.${owner.username.replace(/_/g, "-")}.e2e.test`;
  await page.goto("/settings?aba=integracoes");
  const card = page.getByRole("region", { name: "Domínio próprio" });
  await expect(card).toBeVisible();
  await axeCleanCard(page, "the card's form");

  // A bad name is refused with the API's words, on the field.
  await card.getByLabel("Domínio").fill("127.0.0.1");
  await card.getByRole("button", { name: "Adicionar domínio" }).click();
  await expect(card.getByText("Domínio inválido")).toBeVisible();

  await card.getByLabel("Domínio").fill(domain.toUpperCase());
  await card.getByRole("button", { name: "Adicionar domínio" }).click();
  await expect(card.getByText("Aguardando verificação")).toBeVisible();
  const txtValue = (await card.locator("code", { hasText: "vitrine-verify=" }).textContent())!;
  await expect(card.locator("code", { hasText: E2E_DOMAIN_TARGET })).toBeVisible();

  // 'Verificar' before the records exist names both problems.
  await card.getByRole("button", { name: "Verificar" }).click();
  await expect(card.getByText(`O registro TXT _vitrine.${domain} não foi encontrado`)).toBeVisible();
  await axeCleanCard(page, "the card with its records and problems");

  dns.set(`_vitrine.${domain}`, "TXT", [txtValue]);
  dns.set(domain, "CNAME", [E2E_DOMAIN_TARGET]);
  await card.getByRole("button", { name: "Verificar" }).click();
  await expect(card.getByText(/^Ativo/)).toBeVisible();

  // A photo, a cover and a link with its thumbnail; and another page's photo.
  const image = (name: string, colours: [string, string], width: number, height: number) => async () => ({
    name,
    mimeType: "image/jpeg",
    buffer: await coverImage(colours, width, height),
  });
  const photo = image("eu.jpg", ["#ec4899", "#0ea5e9"], 400, 400);
  expect((await page.request.post("/api/user/avatar", { multipart: { avatar: await photo() } })).status()).toBe(200);
  expect((await page.request.post("/api/user/cover", { multipart: { cover: await image("capa.jpg", ["#8b5cf6", "#f97316"], 1200, 600)() } })).status()).toBe(
    200,
  );
  const link = await (await page.request.post("/api/links", { data: { title: "Minha loja", url: "https://loja.example.com/" } })).json();
  const thumbnail = await image("t.jpg", ["#10b981", "#1e293b"], 200, 200)();
  expect((await page.request.post(`/api/links/${link.id}/thumbnail`, { multipart: { thumbnail } })).status()).toBe(200);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUpAndIn(otherPage);
  const otherPhoto: string = (await (await otherPage.request.post("/api/user/avatar", { multipart: { avatar: await photo() } })).json()).user.avatarUrl;
  await other.close();

  // A visitor whose browser resolves the domain to this machine.
  const port = new URL(baseURL!).port;
  const visitor = await chromium.launch({ executablePath: JOURNEY_CHROMIUM, args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${domain} 127.0.0.1`] });
  try {
    const visit = await (await visitor.newContext()).newPage();
    const images: Array<{ url: string; status: number }> = [];
    visit.on("response", (r) => {
      if (r.request().resourceType() === "image") images.push({ url: r.url(), status: r.status() });
    });
    const res = await visit.goto(`http://${domain}:${port}/`);
    expect(res?.status()).toBe(200);
    await expect(visit.getByRole("heading", { name: owner.name })).toBeVisible();
    expect(await visit.locator('link[rel="canonical"]').getAttribute("href")).toBe(`https://${domain}/`);
    expect(res?.headers()["set-cookie"]).toBeUndefined();

    // Every image of the page loads, from the domain the page came from.
    const pictures = visit.locator("img");
    const loaded = () =>
      pictures.evaluateAll((all) =>
        (all as HTMLImageElement[]).map((img) => ({ host: new URL(img.currentSrc || img.src).host, shown: img.complete && img.naturalWidth > 0 })),
      );
    // The photo, the cover and the thumbnail (lazy: the page is short enough to load it at once).
    await expect.poll(loaded).toEqual(Array.from({ length: 3 }, () => ({ host: `${domain}:${port}`, shown: true })));
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const answer of images) expect([new URL(answer.url).hostname, answer.status]).toEqual([domain, 200]);
    // The Open Graph image is addressed on the domain too, and answered there.
    const ogImage = new URL((await visit.locator('meta[property="og:image"]').getAttribute("content"))!);
    expect(ogImage.host).toBe(domain);
    const og = await visit.goto(`http://${domain}:${port}${ogImage.pathname}`);
    expect([og?.status(), og?.headers()["content-type"]]).toEqual([200, "image/png"]);
    // Another page's photo is no image of this domain's.
    expect((await visit.goto(`http://${domain}:${port}${otherPhoto}`))?.status()).toBe(404);
    expect((await visit.goto(`http://${domain}:${port}/dashboard/x`))?.status()).toBe(404);

    // The admin panel lists it; removing asks first, then the domain no longer serves the page (/{username} still does).
    const admin = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
    const adminPage = await admin.newPage();
    await signInOrRegister(adminPage.request, ADMIN);
    await adminPage.setViewportSize(PHONE);
    await adminPage.goto("/admin?tab=pages");
    await adminPage.getByRole("button", { name: `Remover ${domain}` }).click();
    const confirm = adminPage.getByRole("alertdialog", { name: `Remover ${domain}?` });
    await expect(confirm).toContainText(`A página @${owner.username} deixa de ser servida nesse domínio na hora`);
    await confirm.getByRole("button", { name: "Remover" }).click();
    await expect(adminPage.getByText("Domínio removido").first()).toBeVisible();
    await expect(adminPage.getByRole("button", { name: `Remover ${domain}` })).toHaveCount(0);
    await admin.close();
    // The name is no page's any more: the app's own landing answers there, not Ana's page.
    await expect
      .poll(async () => {
        await visit.goto(`http://${domain}:${port}/`);
        return visit.getByRole("heading", { name: owner.name }).count();
      })
      .toBe(0);
    expect((await page.request.get(`/${owner.username}`)).status()).toBe(200);
  } finally {
    await visitor.close();
  }
});
