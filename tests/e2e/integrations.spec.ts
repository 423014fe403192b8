import http from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { startDnsServer, type TestDnsServer } from "../support/dns-server";
import { DESKTOP, PHONE, interactive, snap } from "./helpers";
import { verifyAddress } from "./mail";
import { E2E_DOMAIN_TARGET, e2eDnsPort } from "./runtime";
import { signUpAndIn } from "./session";

// Issue 60: the fifth release's screens as a creator on a phone meets them.
// Everything at 375 px and by keyboard: the 'Integrações' tab reached from
// the dashboard, arrows between the settings tabs from the first load, a key
// and a webhook made (Enter on a box sends nothing; the focus on the secret
// shown whole beside its item, or on the refusal in the app's pt-BR words),
// every confirmation giving the focus back to its opener (or, its row gone, to
// the card's heading), the DNS records named as a panel asks them for a
// subdomain and for an apex, the Linktree import and /docs/api. axe with the
// WCAG 2.2 AA rules (target size included) on each screen at 375 and 1280 px.

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

async function axeClean(page: Page, label: string, include?: string) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    let builder = new AxeBuilder({ page }).withTags(WCAG).options({ rules: { "target-size": { enabled: true } } });
    if (include) builder = builder.include(include);
    const results = await builder.analyze();
    const found = results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    );
    expect(found, `axe (WCAG 2.2 AA) on ${label} at ${size.width} px`).toEqual([]);
    // The target-size rule did run.
    expect([...results.passes, ...results.inapplicable, ...results.incomplete].some((r) => r.id === "target-size")).toBe(true);
  }
  await page.setViewportSize(PHONE);
}

/** Counts the requests of `method` to `path` from now on. */
function countRequests(page: Page, method: string, path: string) {
  let n = 0;
  page.on("request", (r) => {
    if (r.method() === method && new URL(r.url()).pathname === path) n += 1;
  });
  return () => n;
}

/** Nothing on the page is wider than the phone. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The whole text of `el` is on screen: nothing clipped or scrolled away. */
async function wholeOnScreen(el: Locator) {
  const box = (await el.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await el.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight)).toBe(true);
}

test("Integrações from the dashboard, arrows on the tabs at first load, and an API key by keyboard at 375 px", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const ana = await signUpAndIn(page);
  // A key needs a verified address.
  await verifyAddress(page.request, ana.email);

  // The dashboard links to the tab.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Integrações" }).click();
  await page.waitForURL("**/settings?aba=integracoes");
  await expect(page.getByRole("tab", { name: "Integrações" })).toHaveAttribute("aria-selected", "true");
  await snap(page, "ui60-integracoes-375");

  // Arrows move between the tabs from the first load, without a press before.
  await page.goto("/settings");
  await interactive(page);
  await page.keyboard.press("Tab");
  const perfil = page.getByRole("tab", { name: "Perfil" });
  for (let i = 0; i < 20 && !(await perfil.evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(perfil).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Senha" })).toBeFocused();
  await expect(page.getByRole("tab", { name: "Senha" })).toHaveAttribute("aria-selected", "true");
  // Radix moves the focus on a timer after the key (RovingFocusGroup), and Chromium handles
  // input before timers: a second press sent at once would reach 'Senha' again. A person's
  // presses are tens of milliseconds apart, so each press waits for the focus to arrive.
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Segurança" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  const integrations = page.getByRole("tab", { name: "Integrações" });
  await expect(integrations).toBeFocused();
  await expect(integrations).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowRight");
  await expect(perfil).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(integrations).toBeFocused();

  // 'Criar chave' by keyboard: Enter on a box ticks nothing and sends nothing.
  const posts = countRequests(page, "POST", "/api/keys");
  const form = page.getByRole("form", { name: "Criar chave" });
  await form.getByLabel("Nome").focus();
  await page.keyboard.type("Integração CRM");
  await page.keyboard.press("Tab");
  const box = form.getByRole("checkbox", { name: "Ver os links" });
  await box.focus();
  await expect(box).toHaveAccessibleDescription(/Lê os links.*links:read/);
  await page.keyboard.press("Space");
  await expect(box).toBeChecked();
  await page.keyboard.press("Enter");
  await page.waitForTimeout(300);
  expect(posts()).toBe(0);
  await expect(box).toBeChecked();
  await form.getByRole("button", { name: "Criar chave" }).focus();
  await page.keyboard.press("Enter");

  // The key: whole, naming its key, beside it, with the focus on it.
  const row = page.getByTestId("api-key-row").filter({ hasText: "Integração CRM" });
  const secret = row.getByRole("group", { name: "Chave “Integração CRM”: copie agora, ela não será mostrada de novo." });
  await expect(secret).toBeFocused();
  const key = row.getByTestId("new-api-key");
  await expect(key).toHaveText(/^vt_[A-Za-z0-9_-]{43,}$/);
  expect(posts()).toBe(1);
  await wholeOnScreen(key);
  await fitsThePhone(page);
  await secret.scrollIntoViewIfNeeded();
  await row.screenshot({ path: "screenshots/ui60-key-whole-375.png" });
  await snap(page, "ui60-key-created-375");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await secret.getByRole("button", { name: "Copiar" }).click();
  await expect(page.locator("[data-slot=toast]").first()).toContainText("Copiado para a área de transferência");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await key.textContent());
  await axeClean(page, "Integrações with a new key");

  // Deleting: the dialog closed by Escape gives the focus back to its button; once the key is gone, to the list's heading.
  const remove = row.getByRole("button", { name: "Excluir a chave Integração CRM" });
  await remove.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Excluir a chave “Integração CRM”?" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await page.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "Excluir" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Nenhuma chave ainda.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Chaves de API" })).toBeFocused();
});

test("a webhook by keyboard at 375 px: the app's own pt-BR refusal, the secret beside it, a delivery a person reads", async ({ page }) => {
  test.setTimeout(120_000);
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received.push(req.url ?? "");
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  try {
    await page.setViewportSize(PHONE);
    await signUpAndIn(page);
    await page.goto("/settings?aba=integracoes");
    await interactive(page);
    const form = page.getByRole("form", { name: "Adicionar webhook" });
    const address = form.getByLabel("Endereço (URL)");
    await address.focus();
    await page.keyboard.type("crm");
    const box = form.getByRole("checkbox", { name: "Link criado" });
    await box.focus();
    await page.keyboard.press("Space");
    await form.getByRole("button", { name: "Adicionar webhook" }).focus();
    await page.keyboard.press("Enter");
    // The schema's words, focused; not the browser's bubble.
    const refusal = form.getByRole("alert");
    await expect(refusal).toHaveText("Informe um endereço https:// válido");
    await expect(refusal).toBeFocused();
    expect(await address.evaluate((e: HTMLInputElement) => e.validationMessage === "" || e.form!.noValidate)).toBe(true);
    await expect(address).toHaveAttribute("aria-invalid", "true");

    await address.fill(receiverUrl);
    await box.focus();
    await page.keyboard.press("Enter");
    await expect(refusal).toHaveText("Informe um endereço https:// válido");
    await form.getByRole("button", { name: "Adicionar webhook" }).focus();
    await page.keyboard.press("Enter");
    const row = page.getByTestId("webhook-row").filter({ hasText: receiverUrl });
    const secret = row.getByRole("group", { name: `Segredo do webhook ${receiverUrl}: copie agora, ele não será mostrado de novo.` });
    await expect(secret).toBeFocused();
    await expect(row.getByTestId("new-webhook-secret")).toHaveText(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    await wholeOnScreen(row.getByTestId("new-webhook-secret"));
    await expect(row).toContainText("Link criado");

    await row.getByRole("button", { name: "Enviar teste" }).click();
    await expect(row.getByTestId("webhook-delivery").first()).toContainText(/^Teste\s*Entregue · HTTP 200/, { timeout: 15_000 });
    expect(received).toEqual(["/hook"]);
    await fitsThePhone(page);
    await snap(page, "ui60-webhook-375");
    await axeClean(page, "Integrações with a webhook");

    const remove = row.getByRole("button", { name: `Excluir o webhook ${receiverUrl}` });
    await remove.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: "Excluir o webhook?" });
    await dialog.getByRole("button", { name: "Cancelar" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Excluir" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Nenhum webhook ainda.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Webhooks" })).toBeFocused();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test.describe("the custom domain's records as a DNS panel asks them", () => {
  let dns: TestDnsServer;
  test.beforeAll(async ({ baseURL }) => {
    dns = await startDnsServer({ port: e2eDnsPort(Number(new URL(baseURL!).port)) });
    dns.set(E2E_DOMAIN_TARGET, "A", ["203.0.113.50"]);
  });
  test.afterAll(async () => {
    await dns?.close();
  });

  test("a subdomain and an apex at 375 px, 'Verificar' naming the asked record, and the remove dialog by keyboard", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    const owner = await signUpAndIn(page);
    const slug = owner.username.replace(/_/g, "-");
    await page.goto("/settings?aba=integracoes");
    await interactive(page);
    const card = page.getByRole("region", { name: "Domínio próprio" });

    // A subdomain: `_vitrine.links` and `links`, relative to {slug}.com.br, the full names beneath.
    await card.getByLabel("Domínio", { exact: true }).fill(`links.${slug}.com.br`);
    await card.getByRole("button", { name: "Adicionar domínio" }).click();
    const records = card.getByTestId("domain-record");
    await expect(records.getByTestId("record-name")).toHaveText(["_vitrine.links", "links"]);
    await expect(records.getByTestId("record-full-name")).toHaveText([`Nome completo: _vitrine.links.${slug}.com.br`, `Nome completo: links.${slug}.com.br`]);
    await expect(records.nth(1)).toContainText("Registro CNAME");
    await expect(card).toContainText(`No painel do DNS de ${slug}.com.br`);
    for (const button of await card.getByRole("button", { name: /^Copiar (nome|valor)/ }).all())
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await card.getByRole("button", { name: "Verificar" }).click();
    await expect(card).toContainText(`O registro CNAME links.${slug}.com.br apontando para ${E2E_DOMAIN_TARGET} não foi encontrado`);
    await fitsThePhone(page);
    await snap(page, "ui60-domain-subdomain-375");
    await axeClean(page, "the domain card (subdomain)", "[data-testid=domain-card]");

    // Removing: the dialog names the domain and /{username}; Escape gives the focus back, and once removed the field has it.
    const remove = card.getByRole("button", { name: `Remover o domínio links.${slug}.com.br` });
    await remove.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: `Remover o domínio links.${slug}.com.br?` });
    await expect(dialog).toContainText(`Ela continua no ar no endereço /${owner.username}.`);
    await page.keyboard.press("Escape");
    await expect(remove).toBeFocused();
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Remover" }).focus();
    await page.keyboard.press("Enter");
    await expect(card.getByLabel("Domínio", { exact: true })).toBeFocused();

    // An apex: `_vitrine` and `@` (the target's address), the full names beneath.
    await page.keyboard.type(`${slug}.com.br`);
    await page.keyboard.press("Enter");
    await expect(records.getByTestId("record-name")).toHaveText(["_vitrine", "@"]);
    await expect(records.getByTestId("record-full-name").nth(0)).toHaveText(`Nome completo: _vitrine.${slug}.com.br`);
    await expect(records.nth(1)).toContainText("Registro A");
    await expect(records.nth(1).getByTestId("record-value")).toHaveText("203.0.113.50");
    await card.getByRole("button", { name: "Verificar" }).click();
    await expect(card).toContainText(`Nenhum endereço (registro A/AAAA) foi encontrado em ${slug}.com.br`);
    await fitsThePhone(page);
    await snap(page, "ui60-domain-apex-375");
    await axeClean(page, "the domain card (apex)", "[data-testid=domain-card]");
  });
});

test("the Linktree import at 375 px: focus in the field, the preview at the phone's width, the toast saying what came", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const u = await signUpAndIn(page);
  const name = `lt_${Date.now().toString(36)}`;
  await page.goto("/dashboard/add");
  await interactive(page);
  await page.getByTestId("from-linktree").locator("summary").focus();
  await page.keyboard.press("Enter");
  const field = page.getByLabel("Endereço do seu Linktree");
  await expect(field).toBeFocused();
  await page.keyboard.type(`linktr.ee/${name}`);
  await page.keyboard.press("Enter");
  const preview = page.getByRole("region", { name: "O que vem do Linktree" });
  await expect(preview.getByRole("heading", { name: "O que vem do Linktree" })).toBeFocused();
  // 'Destaques' is a section's title: not a link left out.
  await expect(preview).toContainText("2 links ficam de fora");
  await expect(preview.getByTestId("linktree-skipped")).not.toContainText("Destaques");
  const shown = preview.getByTestId("linktree-links").locator("li");
  for (const item of await shown.all()) {
    const [title, address] = [item.locator("span").first(), item.locator("span").nth(1)];
    expect(await title.evaluate((e) => getComputedStyle(e).webkitLineClamp)).toBe("2");
    expect(await address.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  }
  await fitsThePhone(page);
  await snap(page, "ui60-linktree-preview-375");
  await axeClean(page, "the Linktree preview");

  await preview.getByRole("button", { name: "Importar" }).click();
  await page.waitForURL(`**/dashboard*`);
  const toast = page.locator("[data-slot=toast]").first();
  await expect(toast).toContainText("3 links importados do Linktree");
  await expect(toast).toContainText("Também vieram: a foto, a bio.");
  expect(u.username).toBeTruthy();
});

test("/docs/api at 375 px: names 'Integrações', code as code, the index at the top", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/docs/api");
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "Configurações → Integrações" })).toHaveAttribute("href", "/settings?aba=integracoes");
  expect(await main.innerText()).not.toContain("`");
  await expect(main.locator("code", { hasText: "Authorization: Bearer vt_…" })).toBeVisible();
  const index = page.getByRole("navigation", { name: /^Índice/ });
  await expect(index).toBeVisible();
  const first = page.getByRole("heading", { name: "GET /api/links", exact: true });
  expect((await index.boundingBox())!.y).toBeLessThan((await first.boundingBox())!.y);
  expect((await index.boundingBox())!.y).toBeLessThan(PHONE.height);
  await index.getByRole("link", { name: "GET /api/links", exact: true }).click();
  await expect(page).toHaveURL(/#get-api-links$/);
  await fitsThePhone(page);
  await snap(page, "ui60-docs-api-375");
  await axeClean(page, "/docs/api");
});
