import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, PHONE, snap } from "./helpers";
import { countMail, latestMail, RESET_SUBJECT, VERIFY_SUBJECT } from "./mail";
import { registerViaApi, uniqueUser } from "./users";
import { linkIn } from "../helpers/mail";

// Recovery and verification through the messages the server writes to its
// outbox (DATA_DIR/outbox/*.eml on the e2e server, which has no SMTP_URL).

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

/** A path of the server's own origin from an absolute link in a message. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

test.describe("password recovery", () => {
  test("forgot → message → reset → sign in with the new password, at 375 px with the keyboard", async ({ page, request }) => {
    const u = uniqueUser();
    await registerViaApi(request, u);
    await page.setViewportSize(PHONE);
    await page.goto("/login");
    await page.getByRole("link", { name: "Esqueceu a senha?" }).click();
    await page.waitForURL("**/forgot-password");
    await expect(page.getByRole("heading", { name: "Esqueceu a senha?" })).toBeVisible();
    await expectNoViolations(page, "/forgot-password at 375 px");

    await page.getByLabel("E-mail").focus();
    await page.keyboard.type(u.email);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Verifique seu e-mail" })).toBeVisible();
    await expect(page.getByText(`Se existir uma conta com ${u.email}`)).toBeVisible();
    await expectNoViolations(page, "/forgot-password, sent, at 375 px");
    await snap(page, "email-forgot-sent-375");

    const mail = await latestMail(u.email, RESET_SUBJECT);
    const link = linkIn(mail, "/reset-password");
    expect(link).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=/);
    await page.goto(pathOf(link));
    await expect(page.getByRole("heading", { name: "Crie uma nova senha" })).toBeVisible();
    await expectNoViolations(page, "/reset-password at 375 px");
    await snap(page, "email-reset-375");

    await page.getByLabel("Nova senha", { exact: true }).focus();
    await page.keyboard.type("curta");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab"); // past the show-password button
    await page.keyboard.type("curta");
    await page.keyboard.press("Enter");
    await expect(page.getByText("A senha deve ter pelo menos 8 caracteres")).toBeVisible();

    await page.getByLabel("Nova senha", { exact: true }).fill("minha-senha-nova");
    await page.getByLabel("Confirme a nova senha", { exact: true }).fill("minha-senha-nova");
    await page.getByLabel("Confirme a nova senha", { exact: true }).press("Enter");
    await expect(page.getByRole("heading", { name: "Senha redefinida" })).toBeVisible();
    await expectNoViolations(page, "/reset-password, done, at 375 px");

    // The link works once.
    await page.goto(pathOf(link));
    await page.getByLabel("Nova senha", { exact: true }).fill("outra-senha-nova");
    await page.getByLabel("Confirme a nova senha", { exact: true }).fill("outra-senha-nova");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await expect(page.getByRole("heading", { name: "Link inválido ou expirado" })).toBeVisible();
    await snap(page, "email-reset-invalid-375");

    await page.goto("/login");
    await page.getByLabel("E-mail").fill(u.email);
    await page.getByLabel("Senha", { exact: true }).fill(u.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByText("Email ou senha incorretos. Tente novamente.").first()).toBeVisible();
    await page.getByLabel("Senha", { exact: true }).fill("minha-senha-nova");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL("**/dashboard");
  });
});

test.describe("e-mail verification", () => {
  test("register → banner → verify from the message → banner gone; resend sends a new link", async ({ page }) => {
    const u = uniqueUser();
    await page.goto("/register");
    await page.getByLabel("Nome completo").fill(u.name);
    await page.getByLabel("Nome de usuário").fill(u.username);
    await page.getByLabel("Telefone").pressSequentially(u.phoneDigits);
    await page.getByLabel("E-mail").fill(u.email);
    await page.getByLabel("Senha", { exact: true }).fill(u.password);
    await page.getByLabel("Confirme a senha").fill(u.password);
    await page.getByLabel(/Li e aceito os/).check();
    await page.getByRole("button", { name: "Criar conta" }).click();
    await page.waitForURL("**/dashboard");

    const banner = page.getByRole("region", { name: "Confirme seu e-mail" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(u.email);
    const first = await latestMail(u.email, VERIFY_SUBJECT);
    await banner.getByRole("button", { name: "Reenviar e-mail" }).click();
    await expect(banner.getByText("Enviamos um novo link de confirmação.")).toBeVisible();
    await page.setViewportSize(PHONE);
    await expectNoViolations(page, "/dashboard with the banner at 375 px");
    await snap(page, "email-banner-375");
    const second = await latestMail(u.email, VERIFY_SUBJECT, 1);
    expect(countMail(u.email, VERIFY_SUBJECT)).toBe(2);

    // The earlier link stopped working.
    await page.goto(pathOf(linkIn(first, "/verify-email")));
    await page.getByRole("button", { name: "Confirmar e-mail" }).click();
    await expect(page.getByRole("heading", { name: "Link inválido ou expirado" })).toBeVisible();
    await expectNoViolations(page, "/verify-email, invalid, at 375 px");

    await page.goto(pathOf(linkIn(second, "/verify-email")));
    await expect(page.getByRole("heading", { name: "Confirmar e-mail" })).toBeVisible();
    await expectNoViolations(page, "/verify-email at 375 px");
    await snap(page, "email-verify-375");
    await page.getByRole("button", { name: "Confirmar e-mail" }).click();
    await expect(page.getByRole("heading", { name: "E-mail confirmado" })).toBeVisible();
    await page.getByRole("link", { name: "Ir para o painel" }).click();
    await page.waitForURL("**/dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard" }).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Confirme seu e-mail" })).toHaveCount(0);
  });
});

test.describe("the three pages at 1280 px", () => {
  test("are axe-clean in their first state", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    for (const path of ["/forgot-password", "/reset-password?token=x.y", "/verify-email?token=x.y", "/reset-password", "/verify-email"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expectNoViolations(page, `${path} at 1280 px`);
    }
    await snap(page, "email-verify-invalid-1280");
  });
});
