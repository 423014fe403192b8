import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DESKTOP, PHONE, snap } from "./helpers";
import { verifyAddress } from "./mail";
import { registerViaApi, uniqueUser } from "./users";

// The e2e server makes admin@vitrine.test an administrator (ADMIN_EMAILS) once
// its address is verified (from the message in the outbox). The
// database lives for the whole run, so the account may exist already (then
// created by accounts.spec.ts with the same password, under another username).
const ADMIN = { name: "Admin Vitrine", username: "vitrine_admin", phone: "(11) 91234-5678", email: "admin@vitrine.test", password: "segredo123" };

const toast = (page: Page) => page.locator("[data-slot=toast], li[role=status]").first();

async function signIn(request: APIRequestContext, email: string, password: string) {
  const res = await request.post("/api/login", { data: { username: email, password } });
  expect(res.status()).toBe(200);
}

/** Signs the page's browser in as the administrator, creating the account on first use. */
async function signInAsAdmin(page: Page) {
  const res = await page.request.post("/api/register", { data: ADMIN });
  if (res.status() === 409) await signIn(page.request, ADMIN.email, ADMIN.password);
  else expect(res.status()).toBe(201);
  await verifyAddress(page.request, ADMIN.email);
}

/** The row (table) or card (phone) of a user's page or account in the visible list. */
const pageEntry = (page: Page, username: string) => page.getByTestId(new RegExp(`^page-(row|card)-${username}$`)).filter({ visible: true });
const userEntry = (page: Page, username: string) => page.getByTestId(new RegExp(`^user-(row|card)-${username}$`)).filter({ visible: true });

test.describe("admin panel", () => {
  test("an admin deactivates a page and reactivates it, and the audit list records both", async ({ page, request }) => {
    const owner = uniqueUser();
    await registerViaApi(request, owner);
    await signInAsAdmin(page);
    await page.goto("/admin?tab=pages");
    await expect(page.getByRole("heading", { name: "Painel de Administração" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Páginas" })).toHaveAttribute("aria-selected", "true");

    await page.getByLabel("Buscar páginas").fill(owner.username);
    const row = pageEntry(page, owner.username);
    await expect(row).toHaveCount(1);
    await expect(row.getByText("Ativa", { exact: true })).toBeVisible();
    await expect(row.getByRole("link", { name: `Abrir a página de @${owner.username} em nova aba` })).toHaveAttribute("target", "_blank");
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    await expect(row).toContainText("0,0%");

    // Deactivating asks for the reason the owner will read.
    await row.getByRole("button", { name: `Desativar @${owner.username}` }).click();
    const deactivate = page.getByRole("dialog", { name: "Desativar página?" });
    await expect(deactivate).toContainText(`@${owner.username}`);
    await expect(deactivate).toContainText("O dono recebe o motivo por e-mail e no painel e pode contestar.");
    await deactivate.getByLabel("Motivo (enviado ao dono)").fill("Links para golpe de pix");
    await deactivate.getByRole("button", { name: "Desativar" }).click();
    await expect(toast(page)).toContainText("Status alterado");
    await expect(toast(page)).toContainText("O status da página foi alterado com sucesso.");
    await expect(deactivate).toBeHidden();
    await expect(row.getByText("Inativa", { exact: true })).toBeVisible();
    await expect(row).toContainText("Links para golpe de pix");

    // The change is on the server, not only in the page.
    const listed = await page.request.get(`/api/admin/pages?q=${owner.username}`);
    expect((await listed.json())[0]).toMatchObject({ userName: owner.username, active: false });
    const dialog = page.getByRole("alertdialog");

    await row.getByRole("button", { name: `Ativar @${owner.username}` }).click();
    await expect(dialog.getByRole("heading", { name: "Ativar página?" })).toBeVisible();
    await dialog.getByRole("button", { name: "Ativar" }).click();
    await expect(toast(page)).toContainText("O status da página foi alterado com sucesso.");
    await expect(row.getByText("Ativa", { exact: true })).toBeVisible();

    await page.getByRole("tab", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/tab=dashboard/);
    const audit = page.getByTestId("audit-list");
    await expect(audit.getByRole("listitem").nth(0)).toContainText(`ativou a página de ${owner.name} (@${owner.username})`);
    await expect(audit.getByRole("listitem").nth(1)).toContainText(`desativou a página de ${owner.name} (@${owner.username})`);
  });

  test("an admin makes a user an administrator, who then sees 'Painel Admin', and removes it again", async ({ page, browser, request }) => {
    const member = uniqueUser();
    await registerViaApi(request, member);
    await signInAsAdmin(page);
    await page.goto("/admin?tab=users");
    await expect(page.getByRole("tab", { name: "Usuários" })).toHaveAttribute("aria-selected", "true");

    // The admin's own button is disabled (another spec may have created this account under another username).
    await page.getByLabel("Buscar usuários").fill(ADMIN.email);
    const self = page
      .getByTestId(/^user-(row|card)-/)
      .filter({ visible: true })
      .filter({ hasText: ADMIN.email });
    await expect(self).toContainText("(Você)");
    await expect(self.getByRole("button")).toBeDisabled();

    await page.getByLabel("Buscar usuários").fill(member.email);
    const row = userEntry(page, member.username);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(member.email);
    await row.getByRole("button", { name: `Tornar admin @${member.username}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("dando acesso total ao sistema");
    await snap(page, "admin-grant-dialog-1280");
    await dialog.getByRole("button", { name: "Tornar admin" }).click();
    await expect(toast(page)).toContainText("O status de administrador do usuário foi alterado com sucesso.");
    await expect(row.getByText("Admin", { exact: true })).toBeVisible();

    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await signIn(memberPage.request, member.email, member.password);
    await memberPage.goto("/dashboard");
    await memberPage.getByRole("button", { name: "Abrir menu da conta" }).click();
    await memberPage.getByRole("menuitem", { name: "Painel Admin" }).click();
    await expect(memberPage.getByRole("heading", { name: "Painel de Administração" })).toBeVisible();

    await row.getByRole("button", { name: `Remover admin @${member.username}` }).click();
    await dialog.getByRole("button", { name: "Remover admin" }).click();
    await expect(toast(page)).toContainText("O status de administrador do usuário foi alterado com sucesso.");
    await expect(row.getByText("Usuário", { exact: true })).toBeVisible();

    // Demoted: the very next page load is refused.
    await memberPage.reload();
    await expect(memberPage.getByRole("heading", { name: "Acesso Negado" })).toBeVisible();
    await memberContext.close();
  });

  test("a non-admin opening /admin sees 'Acesso Negado'; a visitor goes to /login", async ({ page, request }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login/);

    const u = uniqueUser();
    await registerViaApi(request, u);
    await signIn(page.request, u.email, u.password);
    await page.goto("/admin?tab=users");
    await expect(page.getByRole("heading", { name: "Acesso Negado" })).toBeVisible();
    await expect(page.getByText("Você não tem permissão para acessar esta página.")).toBeVisible();
    await expect(page.getByRole("tab")).toHaveCount(0);
    await page.setViewportSize(PHONE);
    await snap(page, "admin-denied-375");
  });

  test("looks right at 1280 px and 375 px", async ({ page }) => {
    await signInAsAdmin(page);
    for (const [width, size] of [
      ["1280", DESKTOP],
      ["375", PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto("/admin");
      await expect(page.getByText("Registro de atividades")).toBeVisible();
      await expect(page.locator("dl dd").first()).toBeVisible();
      await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
      await snap(page, `admin-dashboard-${width}`);

      await page.getByRole("tab", { name: "Páginas" }).click();
      await expect(
        page
          .getByTestId(/^page-(row|card)-/)
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
      await snap(page, `admin-pages-${width}`);

      await page.getByRole("tab", { name: "Usuários" }).click();
      await expect(
        page
          .getByTestId(/^user-(row|card)-/)
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
      await snap(page, `admin-users-${width}`);
    }
    await page.getByLabel("Buscar usuários").fill("ninguem-com-este-nome");
    await expect(page.getByText("Nenhum usuário encontrado.")).toBeVisible();
    await page.getByRole("tab", { name: "Páginas" }).click();
    await page.getByLabel("Buscar páginas").fill("ninguem-com-este-nome");
    await expect(page.getByText("Nenhuma página encontrada.")).toBeVisible();
  });
});
