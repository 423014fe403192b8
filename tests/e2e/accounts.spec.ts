import { expect, test, type Page } from "@playwright/test";
import { PHONE, snap } from "./helpers";
import { verifyAddress } from "./mail";
import { ADMIN, registerViaApi, uniqueUser } from "./users";

const toast = (page: Page) => page.locator("[data-slot=toast]").first();

async function fillRegistration(page: Page, u: { name: string; username?: string; phoneDigits: string; email: string; password: string }) {
  await page.getByLabel("Nome completo").pressSequentially(u.name);
  if (u.username) await page.getByLabel("Nome de usuário").pressSequentially(u.username);
  await page.getByLabel("Telefone").pressSequentially(u.phoneDigits);
  await page.getByLabel("E-mail").pressSequentially(u.email);
  await page.getByLabel("Senha", { exact: true }).pressSequentially(u.password);
  await page.getByLabel("Confirme a senha").pressSequentially(u.password);
}

test.describe("registration", () => {
  test("landing → register with every field typed as a person types → dashboard", async ({ page }) => {
    const u = uniqueUser();
    await page.goto("/");
    await page.getByRole("textbox", { name: "Escolha seu nome de usuário" }).fill(u.username);
    await page.getByRole("button", { name: "Começar Grátis" }).click();
    await page.waitForURL(`**/register?username=${u.username}`);
    await expect(page.getByRole("heading", { name: "Crie sua conta" })).toBeVisible();
    await expect(page.getByLabel("Nome de usuário")).toHaveValue(u.username);
    await expect(page.getByTestId("google-button")).toHaveCount(0);

    await fillRegistration(page, { ...u, email: `  ${u.email.toUpperCase()}`, password: `${u.password} ` });
    await expect(page.getByLabel("Telefone")).toHaveValue("(11) 98765-4321");
    await expect(page.getByLabel("E-mail")).toHaveValue(u.email);
    await expect(page.getByLabel("Senha", { exact: true })).toHaveValue(u.password);
    await page.getByLabel(/Li e aceito os/).check();
    await page.getByRole("button", { name: "Criar conta" }).click();

    await page.waitForURL("**/dashboard");
    await expect(toast(page)).toContainText("Conta criada com sucesso!");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Abrir menu da conta" })).toBeVisible();
  });

  test("masks the username as typed and prefills it only when valid", async ({ page }) => {
    await page.goto("/register?username=Nome%20Invalido");
    await expect(page.getByLabel("Nome de usuário")).toHaveValue("");
    await page.getByLabel("Nome de usuário").pressSequentially("Ana Souza-2024!");
    await expect(page.getByLabel("Nome de usuário")).toHaveValue("anasouza2024");
  });

  test("shows every validation message on its field", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.getByText("Nome deve ter pelo menos 3 caracteres")).toBeVisible();
    await expect(page.getByText("Nome de usuário deve conter apenas letras minúsculas, números e sublinhados (até 20 caracteres)")).toBeVisible();
    await expect(page.getByText("Telefone inválido")).toBeVisible();
    await expect(page.getByText("Email inválido")).toBeVisible();
    await expect(page.getByText("A senha deve ter pelo menos 6 caracteres")).toBeVisible();
    await expect(page.getByText("Você deve aceitar os termos e condições")).toBeVisible();
    await expect(page.getByLabel("Nome completo")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("E-mail").pressSequentially("um.endereco.bem.longo@example.com");
    await page.getByLabel("Senha", { exact: true }).pressSequentially("x".repeat(21));
    await page.getByLabel("Confirme a senha").pressSequentially("outra-senha");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.getByText("Email deve ter no máximo 30 caracteres")).toBeVisible();
    await expect(page.getByText("A senha deve ter no máximo 20 caracteres")).toBeVisible();
    await expect(page.getByText("As senhas não coincidem")).toBeVisible();
    await expect(page.locator("#reg-password-confirmation-error")).toHaveText("As senhas não coincidem");
  });

  test("says a taken username on its field, with the failure toast", async ({ page, request }) => {
    const first = uniqueUser();
    await registerViaApi(request, first);
    await page.goto("/register");
    const u = uniqueUser();
    await fillRegistration(page, { ...u, username: first.username });
    await page.getByLabel(/Li e aceito os/).check();
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.locator("#reg-username-error")).toHaveText("Este nome de usuário já está em uso");
    await expect(toast(page)).toContainText("Erro no cadastro");
    await expect(toast(page)).toContainText("Não foi possível criar sua conta. Verifique os dados e tente novamente.");
  });

  test("looks right on a phone", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/register?username=ana_souza");
    await snap(page, "register-375");
    await page.goto("/login");
    await snap(page, "login-375");
  });
});

test.describe("sign-in and sign-out", () => {
  test("validates the login form and refuses wrong credentials", async ({ page, request }) => {
    const u = uniqueUser();
    await registerViaApi(request, u);
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Entre na sua conta" })).toBeVisible();
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByText("Email inválido")).toBeVisible();
    await expect(page.getByText("A senha deve ter pelo menos 6 caracteres")).toBeVisible();

    await page.getByLabel("E-mail").fill(u.email);
    await page.getByLabel("Senha", { exact: true }).fill("senha-errada");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(toast(page)).toContainText("Erro no login");
    await expect(toast(page)).toContainText("Email ou senha incorretos. Tente novamente.");
    await expect(page).toHaveURL(/\/login/);
  });

  test("logs out from the avatar menu, then logs in again with 'Lembrar de mim'", async ({ page, context, request }) => {
    const u = uniqueUser();
    await registerViaApi(request, u);
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(u.email);
    await page.getByLabel("Senha", { exact: true }).fill(u.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL("**/dashboard");
    await expect(toast(page)).toContainText("Bem-vindo de volta!");
    const sessionCookie = (await context.cookies()).find((c) => c.name === "authjs.session-token");
    expect(sessionCookie?.expires).toBe(-1); // a browser-session cookie

    // A signed-in visitor of /login goes to the dashboard.
    await page.goto("/login");
    await page.waitForURL("**/dashboard");

    await page.getByRole("button", { name: "Abrir menu da conta" }).click();
    await expect(page.getByRole("menuitem", { name: "Seu Perfil" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Configurações" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Painel Admin" })).toHaveCount(0);
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible();

    // The old cookie, replayed, is no use.
    await context.addCookies([{ ...sessionCookie!, expires: -1 }]);
    const me = await page.request.get("/api/user");
    expect(me.status()).toBe(401);
    await context.clearCookies();

    await page.goto("/login");
    await page.getByLabel("E-mail").fill(u.email);
    await page.getByLabel("Senha", { exact: true }).fill(u.password);
    await page.getByLabel("Lembrar de mim").check();
    await page.keyboard.press("Tab"); // 'Esqueceu a senha?'
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Entrar", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboard");
    const remembered = (await context.cookies()).find((c) => c.name === "authjs.session-token");
    expect(remembered!.expires - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600);
  });

  test("a signed-out visit to /settings lands on /login and comes back after sign-in", async ({ page, request }) => {
    await page.goto("/settings");
    await page.waitForURL("**/login?callbackUrl=%2Fsettings");
    await expect(page.getByRole("heading", { name: "Entre na sua conta" })).toBeVisible();
    const u = uniqueUser();
    await registerViaApi(request, u);
    await page.goto("/login?callbackUrl=https%3A%2F%2Fevil.example%2F");
    await page.getByLabel("E-mail").fill(u.email);
    await page.getByLabel("Senha", { exact: true }).fill(u.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL("**/dashboard");
  });

  test("an administrator sees 'Painel Admin' in the menu", async ({ page }) => {
    const u = { ...uniqueUser(), email: ADMIN.email, password: ADMIN.password };
    // a11y.spec.ts runs first and may have created the administrator: then sign in instead.
    const exists = (await page.request.post("/api/login", { data: { username: u.email, password: u.password } })).ok();
    if (exists) {
      await page.goto("/dashboard");
    } else {
      await page.goto("/register");
      await fillRegistration(page, u);
      await page.getByLabel(/Li e aceito os/).check();
      await page.getByRole("button", { name: "Criar conta" }).click();
      await page.waitForURL("**/dashboard");
    }
    // ADMIN_EMAILS counts only once the address is verified.
    await verifyAddress(page.request, u.email);
    await page.reload();
    await page.getByRole("button", { name: "Abrir menu da conta" }).click();
    await expect(page.getByRole("menuitem", { name: "Painel Admin" })).toBeVisible();
  });
});
