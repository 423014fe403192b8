import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { DESKTOP, PHONE, snap } from "./helpers";
import { signUpAndIn } from "./session";

// The 'Segurança' tab: two-factor sign-in, signed-in devices, and the owner's
// data (export and deletion), as a person uses them.

const toast = (page: Page) => page.locator("[data-slot=toast], li[role=status]").first();

/** A code the authenticator app would show `steps` steps from now. */
const appCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

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

/** Both widths: the phone and the desktop. */
async function axeAtBothSizes(page: Page, label: string) {
  for (const [name, size] of [
    ["375", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await axeClean(page, `${label} at ${name} px`);
  }
}

async function openSecurityTab(page: Page) {
  await page.goto("/settings");
  await page.waitForLoadState("networkidle");
  await page.getByRole("tab", { name: "Segurança" }).click();
  await expect(page.getByRole("heading", { name: "Verificação em duas etapas" })).toBeVisible();
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

async function signOutFromMenu(page: Page) {
  await page.getByRole("button", { name: "Abrir menu da conta" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible();
}

test.describe("two-factor sign-in", () => {
  // A long journey (three sign-ins, an axe check at each step, some at two
  // sizes): it ran out of the default 60 s at its last lines on a loaded machine.
  test.describe.configure({ timeout: 120_000 });

  test("turn on with a QR code and a code, sign in with an app code and a recovery code, turn off", async ({ page }) => {
    const u = await signUpAndIn(page);
    await openSecurityTab(page);
    await expect(page.getByTestId("two-factor-status")).toHaveText("Desativada");
    await snap(page, "security-tab-1280");
    await axeAtBothSizes(page, "the Segurança tab");
    await page.setViewportSize(PHONE);
    await snap(page, "security-tab-375");

    await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
    await expect(page.getByRole("img", { name: "QR code para configurar o aplicativo autenticador" })).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await axeAtBothSizes(page, "two-factor setup");
    await snap(page, "security-setup-1280");
    const field = page.getByLabel("2. Digite o código de 6 dígitos que o aplicativo mostra.");
    await field.fill("000000");
    await page.getByRole("button", { name: "Confirmar e ativar" }).click();
    await expect(page.getByText("Código inválido")).toBeVisible();
    await field.fill(appCode(secret));
    await page.getByRole("button", { name: "Confirmar e ativar" }).click();

    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recovery = await codes.allInnerTexts();
    for (const code of recovery) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    await axeAtBothSizes(page, "the recovery codes");
    await page.setViewportSize(PHONE);
    await snap(page, "security-recovery-codes-375");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Baixar códigos" }).click();
    const saved = readFileSync(await (await download).path(), "utf8");
    for (const code of recovery) expect(saved).toContain(code);
    await page.getByRole("button", { name: "Já guardei meus códigos" }).click();
    await expect(page.getByTestId("two-factor-status")).toHaveText("Ativada");

    // Signed out, the password alone is not enough: the code screen comes next.
    await signOutFromMenu(page);
    await signInWithPassword(page, u.email, u.password);
    await expect(page.getByRole("heading", { name: "Verificação em duas etapas" })).toBeVisible();
    const codeField = page.getByLabel("Código de verificação");
    await expect(codeField).toBeFocused();
    await expect(codeField).toHaveAttribute("inputmode", "numeric");
    await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
    expect((await page.context().cookies()).some((c) => c.name === "authjs.session-token")).toBe(false);
    await axeAtBothSizes(page, "the second sign-in step");
    await snap(page, "login-second-step-1280");
    await codeField.fill("123456" === appCode(secret, 1) ? "654321" : "123456");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Código inválido")).toBeVisible();
    await expect(codeField).toHaveAttribute("aria-invalid", "true");
    // The next step's code: the one used to turn it on cannot be used again.
    await codeField.fill(appCode(secret, 1));
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboard");

    // Once more, with a recovery code instead of the app.
    await signOutFromMenu(page);
    await signInWithPassword(page, u.email, u.password);
    await page.getByRole("link", { name: "Usar um código de recuperação" }).click();
    const recoveryField = page.getByLabel("Código de recuperação");
    await expect(recoveryField).toBeFocused();
    await axeClean(page, "the recovery-code step");
    await recoveryField.fill(recovery[0]!);
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.waitForURL("**/dashboard");

    // Turned off with the password and another recovery code; the first one is spent.
    await openSecurityTab(page);
    await expect(page.getByTestId("two-factor-status")).toHaveText("Ativada");
    await page.getByRole("button", { name: "Desativar" }).click();
    const dialog = page.getByRole("dialog", { name: "Desativar verificação em duas etapas" });
    await axeAtBothSizes(page, "the turn-off dialog");
    await dialog.getByLabel("Senha atual").fill(u.password);
    await dialog.getByLabel("Código do aplicativo ou de recuperação").fill(recovery[0]!);
    await dialog.getByRole("button", { name: "Desativar" }).click();
    await expect(dialog.getByText("Código inválido")).toBeVisible();
    await dialog.getByLabel("Código do aplicativo ou de recuperação").fill(recovery[1]!);
    await dialog.getByRole("button", { name: "Desativar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("two-factor-status")).toHaveText("Desativada");
    const me = await (await page.request.get("/api/user")).json();
    expect(me.twoFactorEnabled).toBe(false);
  });
});

test.describe("signed-in devices", () => {
  test("ends another session, and then every other one; those browsers are signed out", async ({ page, browser }) => {
    const u = await signUpAndIn(page);
    const baseURL = test.info().project.use.baseURL;
    const others = await Promise.all([browser.newContext({ baseURL }), browser.newContext({ baseURL })]);
    for (const ctx of others) {
      expect((await ctx.request.post("/api/login", { data: { username: u.email, password: u.password } })).status()).toBe(200);
    }
    const [second, third] = await Promise.all(others.map((ctx) => ctx.newPage()));
    await second!.goto("/dashboard");
    await expect(second!.getByRole("heading", { name: "Dashboard" })).toBeVisible();

    await openSecurityTab(page);
    const rows = page.getByTestId("session-row");
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: "Este dispositivo" })).toHaveCount(1);
    await expect(rows.first()).toContainText(/^Chrome no (Windows|Linux)/);
    await snap(page, "security-sessions-1280");

    // The newest other session is the third browser's; end the second's (the oldest other).
    const secondRow = rows.filter({ hasNotText: "Este dispositivo" }).last();
    await secondRow.getByRole("button", { name: /^Encerrar a sessão em/ }).click();
    await expect(toast(page)).toContainText("Sessão encerrada");
    await expect(rows).toHaveCount(2);
    await second!.reload();
    await expect(second!).toHaveURL(/\/login/);

    await third!.goto("/dashboard");
    await expect(third!.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await page.getByRole("button", { name: "Sair de todos os outros dispositivos" }).click();
    await expect(toast(page)).toContainText("Os outros dispositivos foram desconectados");
    await expect(rows).toHaveCount(1);
    await expect(page.getByText("Nenhum outro dispositivo conectado.")).toBeVisible();
    await third!.reload();
    await expect(third!).toHaveURL(/\/login/);
    await page.reload();
    await expect(page).toHaveURL(/\/settings/);
    await Promise.all(others.map((ctx) => ctx.close()));
  });
});

test.describe("the owner's data", () => {
  test("downloads the export, then deletes the account: the page is gone and the e-mail no longer signs in", async ({ page }) => {
    const u = await signUpAndIn(page);
    expect((await page.request.post("/api/links", { data: { title: "Meu portfólio", url: "https://example.com/portfolio" } })).status()).toBe(201);
    expect((await page.request.get(`/${u.username}`)).status()).toBe(200);
    await openSecurityTab(page);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Baixar meus dados" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`vitrine-${u.username}.json`);
    const data = JSON.parse(readFileSync(await file.path(), "utf8"));
    expect(data.user.username).toBe(u.username);
    expect(data.links.map((l: { title: string }) => l.title)).toEqual(["Meu portfólio"]);
    expect(data.sessions.length).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    const dialog = page.getByRole("dialog", { name: "Excluir sua conta?" });
    await expect(dialog).toContainText("todos os seus links");
    await axeAtBothSizes(page, "the delete dialog");
    await page.setViewportSize(PHONE);
    await snap(page, "security-delete-375");
    const confirm = dialog.getByRole("button", { name: "Excluir conta para sempre" });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/Para confirmar, digite seu nome de usuário/).fill(u.username);
    await dialog.getByLabel("Sua senha").fill("senha-errada");
    await confirm.click();
    await expect(dialog.getByText("Senha atual incorreta")).toBeVisible();
    await dialog.getByLabel("Sua senha").fill(u.password);
    await confirm.click();
    await page.waitForURL((url) => url.pathname === "/");

    expect((await page.request.get(`/${u.username}`)).status()).toBe(404);
    expect((await page.request.get("/api/user")).status()).toBe(401);
    expect((await page.request.post("/api/login", { data: { username: u.email, password: u.password } })).status()).toBe(401);
  });
});
