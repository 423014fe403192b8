import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { PHONE, snap } from "./helpers";
import { latestMail, verifyAddress } from "./mail";
import { registerViaApi, uniqueUser } from "./users";

// Pages and teams (issue #38): a second page, the switcher, an editor invited
// by e-mail who accepts and edits the page's links but sees no 'Equipe'.

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

async function signIn(request: APIRequestContext, email: string, password: string) {
  const res = await request.post("/api/login", { data: { username: email, password } });
  expect(res.status()).toBe(200);
}

async function addLink(page: Page, page_: string, title: string, url: string) {
  await page
    .getByRole("link", { name: /Adicionar (primeiro )?link/ })
    .first()
    .click();
  await page.waitForURL(`**/dashboard/add?page=${page_}`);
  await page.getByLabel("Título").fill(title);
  await page.getByLabel("URL").fill(url);
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await page.waitForURL(`**/dashboard?page=${page_}`);
  await expect(page.getByTestId("link-title").filter({ hasText: title })).toBeVisible();
}

test.describe("pages and teams", () => {
  test("create a second page, switch, edit it; invite an editor who accepts and edits its links, with no 'Equipe' controls", async ({ page, browser }) => {
    const owner = uniqueUser();
    const editor = uniqueUser();
    await registerViaApi(page.request, owner);
    await registerViaApi(page.request, editor);
    await verifyAddress(page.request, editor.email);
    const shop = `loja_${owner.username.slice(4, 16)}`;

    await page.setViewportSize(PHONE);
    await signIn(page.request, owner.email, owner.password);
    await page.goto("/dashboard");
    // One page: no switcher.
    await expect(page.locator("header summary")).toHaveCount(0);

    await page.goto("/pages");
    await expect(page.getByRole("heading", { name: "Páginas", level: 1 })).toBeVisible();
    await expectNoViolations(page, "/pages at 375 px");
    await snap(page, "pages-375");
    await page.getByLabel("Nome de usuário").focus();
    await page.keyboard.type(shop);
    await page.getByLabel("Nome da página").fill("Loja da Ana");
    await page.getByLabel("Nome da página").press("Enter");
    await page.waitForURL(`**/dashboard?page=${shop}`);
    await expect(page.getByText("Você ainda não tem links")).toBeVisible();

    // The switcher: the first page and the new one, by keyboard.
    const switcher = page.locator("header summary");
    await expect(switcher).toHaveAccessibleName(`Trocar de página: @${shop}`);
    await switcher.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("link", { name: new RegExp(`@${owner.username}`) })).toBeVisible();
    await snap(page, "pages-switcher-375");
    await expectNoViolations(page, "the switcher open at 375 px");
    await page.getByRole("link", { name: new RegExp(`@${owner.username}`) }).click();
    await page.waitForURL(`**/dashboard?page=${owner.username}`);
    await expect(page.locator("header summary")).toHaveAccessibleName(`Trocar de página: @${owner.username}`);
    await page.locator("header summary").click();
    await page.getByRole("link", { name: new RegExp(`@${shop}`) }).click();
    await page.waitForURL(`**/dashboard?page=${shop}`);

    // Edit the second page: a link, shown on its public page only.
    await addLink(page, shop, "Catálogo", "https://loja.example.com/catalogo");
    const shopPage = await page.request.get(`/${shop}`);
    expect(await shopPage.text()).toContain("Catálogo");
    expect(await (await page.request.get(`/${owner.username}`)).text()).not.toContain("Catálogo");

    // 'Equipe' on the second page's settings: invite the editor.
    await page.goto(`/settings?page=${shop}`);
    await expect(page.getByText("Equipe", { exact: true })).toBeVisible();
    await page.getByLabel("Endereço da pessoa convidada").fill(editor.email);
    await page.getByRole("button", { name: "Convidar" }).click();
    await expect(page.getByText("Convites pendentes")).toBeVisible();
    await expect(page.getByText(editor.email)).toBeVisible();
    await expectNoViolations(page, "/settings with 'Equipe' at 375 px");
    await snap(page, "pages-team-375");

    const mail = await latestMail(editor.email, `Convite para administrar @${shop} no Vitrine`);
    const link = /https?:\/\/[^\s"<>]+\/invite#[^\s"<>]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const invitePath = `${new URL(link!).pathname}${new URL(link!).hash}`;

    const editorContext = await browser.newContext({ viewport: PHONE });
    const editorPage = await editorContext.newPage();
    await signIn(editorPage.request, editor.email, editor.password);
    await editorPage.goto(invitePath);
    await expect(editorPage.getByRole("heading", { name: "Convite para uma página" })).toBeVisible();
    // The token left the address bar.
    await expect.poll(() => new URL(editorPage.url()).hash).toBe("");
    await expectNoViolations(editorPage, "/invite at 375 px");
    await snap(editorPage, "pages-invite-375");
    await editorPage.getByRole("button", { name: "Aceitar convite" }).click();
    await editorPage.waitForURL(`**/dashboard?page=${shop}`);
    await expect(editorPage.getByTestId("link-title").filter({ hasText: "Catálogo" })).toBeVisible();
    await addLink(editorPage, shop, "Da equipe", "https://equipe.example.com/");

    // An editor has no 'Equipe', and the address is read-only.
    await editorPage.goto(`/settings?page=${shop}`);
    await expect(editorPage.getByRole("heading", { name: "Configurações" })).toBeVisible();
    await expect(editorPage.getByText("Equipe", { exact: true })).toHaveCount(0);
    await expect(editorPage.getByRole("button", { name: "Convidar" })).toHaveCount(0);
    await expect(editorPage.getByLabel("Nome de usuário")).toHaveAttribute("readonly", "");
    await snap(editorPage, "pages-editor-settings-375");
    await editorContext.close();

    // The owner sees the editor on the team, the invitation gone.
    await page.reload();
    await expect(page.getByText(editor.email)).toBeVisible();
    await expect(page.getByText("Convites pendentes")).toHaveCount(0);
  });
});

test.describe("a person left with no page", () => {
  test("a co-owner deletes their only page: the dashboard opens 'Páginas', which says so and creates a new one", async ({ page, browser }) => {
    const ana = uniqueUser();
    const bia = uniqueUser();
    await registerViaApi(page.request, ana);
    await registerViaApi(page.request, bia);
    await verifyAddress(page.request, bia.email);

    // Ana makes Bia a co-owner of her only page (the API, as the team screen does).
    await signIn(page.request, ana.email, ana.password);
    const [own] = (await (await page.request.get("/api/pages")).json()) as { id: string; username: string }[];
    expect((await page.request.post(`/api/pages/${own!.id}/members`, { data: { email: bia.email, role: "owner" } })).status()).toBe(201);
    const mail = await latestMail(bia.email, `Convite para administrar @${ana.username} no Vitrine`);
    const token = decodeURIComponent(/\/invite#([^\s"<>]+)/.exec(mail.text)![1]!);
    const biaContext = await browser.newContext({ viewport: PHONE });
    await signIn(biaContext.request, bia.email, bia.password);
    expect((await biaContext.request.post("/api/invitations/accept", { data: { token } })).status()).toBe(200);
    // Bia has two pages, so she may delete this one: Ana's only page goes.
    expect((await biaContext.request.delete(`/api/pages/${own!.id}`, { data: { confirm: ana.username } })).status()).toBe(200);
    await biaContext.close();

    await page.setViewportSize(PHONE);
    await page.goto("/dashboard");
    await page.waitForURL("**/pages");
    await expect(page.getByText("Você não administra nenhuma página agora. Crie uma para ter seu endereço de novo.")).toBeVisible();
    await expectNoViolations(page, "/pages with no page at 375 px");
    await snap(page, "pages-none-375");
    // No address to open from the account menu.
    await page.getByRole("button", { name: "Abrir menu da conta" }).click();
    await expect(page.getByRole("menuitem", { name: "Configurações" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Seu Perfil" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    const again = `de_novo_${ana.username.slice(4, 14)}`;
    await page.getByLabel("Nome de usuário").fill(again);
    await page.getByLabel("Nome da página").fill("Ana de novo");
    await page.getByLabel("Nome da página").press("Enter");
    await page.waitForURL(`**/dashboard?page=${again}`);
    await expect(page.getByText("Você ainda não tem links")).toBeVisible();
  });
});
