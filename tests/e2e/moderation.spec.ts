import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { DESKTOP, PHONE, snap } from "./helpers";
import { ADMIN, registerViaApi, signInOrRegister, uniqueUser } from "./users";

// Reports and moderation, end to end: a visitor reports a page; the admin sees
// it in 'Denúncias' and deactivates it with a reason; the owner signs in, reads
// the reason and appeals; the admin sees the appeal beside the page and
// reactivates it. axe checks every new screen at 375 and 1280 px.

async function axeClean(page: Page, label: string) {
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

async function checkWidths(page: Page, label: string, ready: () => Promise<void>) {
  for (const [name, size] of [
    ["375", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await ready();
    await axeClean(page, `${label} at ${name} px`);
    await snap(page, `${label}-${name}`);
  }
}

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const page = await context.newPage();
  const res = await page.request.post("/api/login", { data: { username: email, password } });
  expect(res.status()).toBe(200);
  return page;
}

async function addLink(request: APIRequestContext, title: string, url: string) {
  const res = await request.post("/api/links", { data: { title, url } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string };
}

test.describe("reports and moderation", () => {
  test("visitor reports, admin deactivates with a reason, owner appeals, admin reactivates", async ({ page, browser, request }) => {
    // Three people, three browser contexts, axe and screenshots at two widths each: about 45 s on an idle machine.
    test.slow();
    const owner = uniqueUser();
    await registerViaApi(request, owner);
    const ownerPage = await signedInPage(browser, owner.email, owner.password);
    const link = await addLink(ownerPage.request, "Sorteio do Pix", "https://sorteio.example/premio");

    // A visitor follows 'Denunciar' from the public page and reports the link.
    await page.setViewportSize(PHONE);
    await page.goto(`/${owner.username}`);
    await page.getByRole("link", { name: "Denunciar" }).click();
    await expect(page).toHaveURL(new RegExp(`/denunciar/${owner.username}$`));
    await expect(page.getByRole("heading", { name: "Denunciar página" })).toBeVisible();
    await checkWidths(page, "report-form", async () => {
      await expect(page.getByRole("button", { name: "Enviar denúncia" })).toBeVisible();
    });
    await page.getByRole("button", { name: "Enviar denúncia" }).click();
    await expect(page.getByText("Escolha um motivo")).toBeVisible();
    await page.getByLabel("O que você quer denunciar?").selectOption({ label: "O link “Sorteio do Pix”" });
    await page.getByLabel("Golpe ou fraude").check();
    await page.getByLabel("Detalhes (opcional)").fill("Pede um Pix para liberar o prêmio.");
    await page.getByRole("button", { name: "Enviar denúncia" }).click();
    await expect(page.getByRole("heading", { name: "Denúncia enviada" })).toBeVisible();
    await checkWidths(page, "report-sent", async () => {
      await expect(page.getByRole("link", { name: `Voltar para @${owner.username}` })).toBeVisible();
    });

    // The admin sees it in 'Denúncias' and deactivates the page with a reason.
    const admin = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
    const adminPage = await admin.newPage();
    await signInOrRegister(adminPage.request, ADMIN);
    await adminPage.setViewportSize(DESKTOP);
    await adminPage.goto("/admin?tab=reports");
    await expect(adminPage.getByRole("tab", { name: "Denúncias" })).toHaveAttribute("aria-selected", "true");
    await adminPage.getByLabel("Buscar denúncias").fill(owner.username);
    const item = adminPage.getByTestId(`report-${owner.username}`);
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("Golpe ou fraude");
    await expect(item).toContainText("Sorteio do Pix");
    await expect(item).toContainText("https://sorteio.example/premio");
    await expect(item).toContainText("Pede um Pix para liberar o prêmio.");
    await expect(item.getByRole("link", { name: `Abrir a página de @${owner.username} em nova aba` })).toHaveAttribute("href", `/${owner.username}`);
    await checkWidths(adminPage, "admin-reports", async () => {
      await expect(item).toBeVisible();
      await expect(adminPage.locator("[aria-busy=true]")).toHaveCount(0);
    });
    await adminPage.setViewportSize(DESKTOP);
    await item.getByRole("button", { name: "Desativar página" }).click();
    const dialog = adminPage.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: `Desativar a página de @${owner.username}?` })).toBeVisible();
    await dialog.getByLabel("Motivo (enviado ao dono)").fill("Links para golpe de falso sorteio.");
    await axeClean(adminPage, "deactivate dialog");
    await dialog.getByRole("button", { name: "Desativar página" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(item).toContainText("Página desativada");
    await expect(item).toContainText("Links para golpe de falso sorteio.");
    expect((await request.get(`/${owner.username}`)).status()).toBe(404);

    // The owner, still able to sign in, reads the reason and appeals once.
    await ownerPage.setViewportSize(PHONE);
    await ownerPage.goto("/dashboard");
    const notice = ownerPage.getByTestId("deactivation-notice");
    await expect(notice.getByRole("heading", { name: "Sua página foi desativada" })).toBeVisible();
    await expect(notice).toContainText("Links para golpe de falso sorteio.");
    await checkWidths(ownerPage, "owner-deactivated", async () => {
      await expect(notice.getByRole("button", { name: "Contestar" })).toBeVisible();
    });
    await notice.getByRole("button", { name: "Contestar" }).click();
    await notice.getByLabel("Por que sua página deve ser reativada?").fill("O sorteio é real e está registrado.");
    await notice.getByRole("button", { name: "Enviar contestação" }).click();
    await expect(notice.getByRole("status")).toContainText("Contestação enviada");
    await expect(notice.getByRole("button", { name: "Contestar" })).toHaveCount(0);
    await ownerPage.reload();
    await expect(notice).toContainText("Você contestou em");
    await axeClean(ownerPage, "owner appealed");

    // The admin sees the appeal beside the page and reactivates it.
    await adminPage.reload();
    await adminPage.getByLabel("Buscar denúncias").fill(owner.username);
    await expect(item.getByTestId("report-appeal")).toContainText("O sorteio é real e está registrado.");
    await item.getByRole("button", { name: "Reativar página" }).click();
    await expect(item.getByRole("button", { name: "Desativar página" })).toBeVisible();
    await item.getByRole("button", { name: `Fechar denúncia sobre @${owner.username}` }).click();
    await expect(item).toHaveCount(0);
    await adminPage.getByRole("button", { name: "Fechadas" }).click();
    await expect(item).toContainText("Fechada");
    expect((await request.get(`/${owner.username}`)).status()).toBe(200);
    await ownerPage.reload();
    await expect(ownerPage.getByTestId("deactivation-notice")).toHaveCount(0);
    expect(link.id).toBeTruthy();
  });

  test("a report typed and sent twice before the page's scripts have loaded is kept by React and sent once they have, with every character", async ({
    page,
    request,
  }) => {
    const owner = uniqueUser();
    await registerViaApi(request, owner);
    await page.setViewportSize(PHONE);
    const held: Array<() => Promise<void>> = [];
    await page.route("**/_next/static/**/*.js", (route) => void held.push(() => route.continue()));
    const posts: Array<[string, string]> = [];
    page.on("request", (r) => r.method() === "POST" && posts.push([new URL(r.url()).pathname, r.postData() ?? ""]));
    // Not "load": the held scripts keep the load event from firing.
    await page.goto(`/denunciar/${owner.username}`, { waitUntil: "domcontentloaded" });
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await page.locator("script:not([src])").evaluateAll((scripts) => scripts.some((s) => s.textContent?.includes("requestSubmit")))).toBe(false);
    await page.getByLabel("Spam").check();
    await page.getByLabel("Detalhes (opcional)").pressSequentially("Mensagens repetidas");
    // Two presses, as a thumb makes them, while nothing of React has run: React's form-replaying script keeps them.
    const button = page.getByRole("button", { name: "Enviar denúncia" });
    await button.click();
    await page.waitForTimeout(120);
    await button.click();
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
    for (const release of held.splice(0)) await release().catch(() => {});
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await expect(page.getByRole("heading", { name: "Denúncia enviada" })).toBeVisible();
    await page.waitForTimeout(500);
    expect(posts.map(([path]) => path)).toEqual(["/api/reports"]);
    expect(JSON.parse(posts[0]![1])).toMatchObject({ username: owner.username, reason: "spam", details: "Mensagens repetidas" });
    expect(new URL(page.url()).search).toBe("");
  });

  test("an admin blocks a domain: links to it are refused and vanish from the page, then come back", async ({ browser, request }) => {
    const owner = uniqueUser();
    await registerViaApi(request, owner);
    const ownerPage = await signedInPage(browser, owner.email, owner.password);
    const domain = `golpe-${Date.now().toString(36)}.example`;
    await addLink(ownerPage.request, "Promoção", `https://loja.${domain}/oferta`);

    const admin = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
    const adminPage = await admin.newPage();
    await signInOrRegister(adminPage.request, ADMIN);
    await adminPage.goto("/admin?tab=reports");
    await adminPage.getByLabel("Domínio", { exact: true }).fill(domain);
    await adminPage.getByRole("button", { name: "Bloquear domínio" }).click();
    await expect(adminPage.getByTestId("blocked-domains")).toContainText(domain);

    expect(await (await request.get(`/${owner.username}`)).text()).not.toContain("Promoção");
    await ownerPage.goto("/dashboard/add");
    await ownerPage.getByLabel("Título").fill("Outra");
    await ownerPage.getByLabel("URL").fill(`https://${domain}`);
    await ownerPage.getByRole("button", { name: /Adicionar|Salvar/ }).click();
    await expect(ownerPage.getByText("Este domínio não é permitido").first()).toBeVisible();

    await adminPage.getByRole("button", { name: `Desbloquear ${domain}` }).click();
    await expect(adminPage.getByRole("button", { name: `Desbloquear ${domain}` })).toHaveCount(0);
    expect(await (await request.get(`/${owner.username}`)).text()).toContain("Promoção");
  });

  test("the admin's own 'Remover admin' says why it is unavailable, to screen readers too", async ({ page }) => {
    await signInOrRegister(page.request, ADMIN);
    await page.setViewportSize(PHONE);
    await page.goto("/admin?tab=users");
    await page.getByLabel("Buscar usuários").fill(ADMIN.email);
    const self = page
      .getByTestId(/^user-(row|card)-/)
      .filter({ visible: true })
      .filter({ hasText: ADMIN.email });
    const button = self.getByRole("button", { name: "Remover admin" });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription("Você não pode alterar seu próprio acesso de administrador");
    await expect(self.getByText("Você não pode alterar seu próprio acesso de administrador")).toBeVisible();
  });
});
