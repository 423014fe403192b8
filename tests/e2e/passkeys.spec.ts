import AxeBuilder from "@axe-core/playwright";
import { expect, test, type CDPSession, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { DESKTOP, PHONE, snap } from "./helpers";
import { signUpAndIn } from "./session";

// Passkeys as a person uses them, with Chromium's virtual authenticator (the
// DevTools protocol's WebAuthn domain: a CTAP2 platform authenticator that
// keeps discoverable credentials and verifies its user, as a phone's
// fingerprint does): add one in the 'Segurança' tab, sign out, sign in with
// it, rename and remove it; and a passkey in place of the code after the
// password. The relying party is the host the test server answers on
// (localhost: NEXT_PUBLIC_APP_URL is empty in playwright.config.ts), and
// http://localhost is a secure context, so WebAuthn works there.

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * This page as a browser without passkey autofill (no conditional mediation):
 * the sign-in page then waits for a press on 'Entrar com passkey'. With it, the
 * virtual authenticator answers the autofill's pending request at once, as a
 * person picking the passkey in the e-mail field's suggestions would.
 */
async function withoutPasskeyAutofill(page: Page) {
  await page.addInitScript(() => {
    if (window.PublicKeyCredential) window.PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
}

async function axeClean(page: Page, label: string) {
  for (const [name, size] of [
    ["375", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    const { violations } = await new AxeBuilder({ page }).analyze();
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

const toast = (page: Page) => page.locator("[data-slot=toast], li[role=status]").first();

async function openSecurityTab(page: Page) {
  await page.goto("/settings");
  await page.waitForLoadState("networkidle");
  await page.getByRole("tab", { name: "Segurança" }).click();
  await expect(page.getByRole("heading", { name: "Passkeys" })).toBeVisible();
}

async function signOutFromMenu(page: Page) {
  await page.getByRole("button", { name: "Abrir menu da conta" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible();
}

async function addPasskey(page: Page, name: string) {
  await page.getByRole("button", { name: "Adicionar passkey" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar passkey" });
  const field = dialog.getByLabel("Nome da passkey");
  // A sensible name is there already: the browser and system of this device.
  await expect(field).toHaveValue(/^Chrome no /);
  await field.fill(name);
  await dialog.getByRole("button", { name: "Continuar" }).click();
  await expect(toast(page)).toContainText("Passkey adicionada");
  await expect(dialog).toBeHidden();
}

test.describe("passkeys", () => {
  test.describe.configure({ timeout: 120_000 });

  test("add a passkey, sign out, sign in with it (no password), rename it, remove it", async ({ page }) => {
    const u = await signUpAndIn(page);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await openSecurityTab(page);
    await expect(page.getByText("Nenhuma passkey ainda.")).toBeVisible();

    await page.setViewportSize(PHONE);
    await page.getByRole("button", { name: "Adicionar passkey" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar passkey" });
    await expect(dialog.getByLabel("Nome da passkey")).toBeFocused();
    await axeClean(page, "the add-passkey dialog");
    await page.setViewportSize(PHONE);
    await snap(page, "passkeys-add-dialog-375");
    await dialog.getByRole("button", { name: "Cancelar" }).click();

    await addPasskey(page, "Meu notebook");
    const rows = page.getByTestId("passkey-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Meu notebook");
    await expect(rows.first()).toContainText("Ainda não usada");
    // The authenticator keeps a discoverable credential for this host.
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials.map((c) => [c.isResidentCredential, c.rpId])).toEqual([[true, "localhost"]]);
    await axeClean(page, "the Segurança tab with a passkey");
    await page.setViewportSize(PHONE);
    await snap(page, "passkeys-card-375");

    // Signed out, the sign-in page offers the saved passkey in the e-mail field's autofill
    // (conditional mediation): picked there, it signs in with no press, no e-mail, no password.
    await signOutFromMenu(page);
    await page.goto("/login");
    await page.waitForURL("**/dashboard");
    await openSecurityTab(page);
    await expect(page.getByTestId("session-row").filter({ hasText: "Este dispositivo" }).getByTestId("session-method")).toHaveText("Entrou com: Passkey");

    // In a browser without that autofill, 'Entrar com passkey' (by keyboard) signs in.
    await signOutFromMenu(page);
    await withoutPasskeyAutofill(page);
    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    await expect(page.getByLabel("E-mail")).toHaveAttribute("autocomplete", "username webauthn");
    const button = page.getByRole("button", { name: "Entrar com passkey" });
    await expect(button).toBeVisible();
    await axeClean(page, "the sign-in screen");
    await page.setViewportSize(PHONE);
    await snap(page, "passkeys-login-375");
    await button.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboard");

    // The devices list says how this session signed in; the passkey was used.
    await openSecurityTab(page);
    const current = page.getByTestId("session-row").filter({ hasText: "Este dispositivo" });
    await expect(current.getByTestId("session-method")).toHaveText("Entrou com: Passkey");
    await expect(rows.first()).toContainText("Último uso em");

    // Renamed.
    await page.getByRole("button", { name: "Renomear a passkey Meu notebook" }).click();
    const rename = page.getByRole("dialog", { name: "Renomear passkey" });
    await rename.getByLabel("Nome da passkey").fill("Notebook da Ana");
    await rename.getByRole("button", { name: "Salvar" }).click();
    await expect(toast(page)).toContainText("Passkey renomeada");
    await expect(rows.first()).toContainText("Notebook da Ana");

    // Removed, with the password; a wrong one is refused first.
    await page.getByRole("button", { name: "Remover a passkey Notebook da Ana" }).click();
    const remove = page.getByRole("dialog", { name: "Remover passkey?" });
    await remove.getByLabel("Senha atual").fill("errada-123");
    await remove.getByRole("button", { name: "Remover passkey" }).click();
    await expect(remove.getByText("Senha atual incorreta")).toBeVisible();
    await axeClean(page, "the remove-passkey dialog with an error");
    await page.setViewportSize(PHONE);
    await snap(page, "passkeys-remove-dialog-375");
    await remove.getByLabel("Senha atual").fill(u.password);
    await remove.getByRole("button", { name: "Remover passkey" }).click();
    await expect(toast(page)).toContainText("Passkey removida");
    await expect(page.getByText("Nenhuma passkey ainda.")).toBeVisible();

    // The device still holds it, but it no longer signs in.
    await signOutFromMenu(page);
    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Entrar com passkey" }).click();
    await expect(toast(page)).toContainText("Passkey não reconhecida");
    await expect(page).toHaveURL(/\/login/);
  });

  test("a passkey in place of the code after the password, for an account with two-factor on", async ({ page }) => {
    const u = await signUpAndIn(page);
    await virtualAuthenticator(page);
    await openSecurityTab(page);
    await addPasskey(page, "Celular");
    // Two-factor on through the API (its screens have their own journey: account-security.spec.ts).
    const { secret } = (await (await page.request.post("/api/user/2fa/setup", { data: {} })).json()) as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate();
    expect((await page.request.post("/api/user/2fa/enable", { data: { code } })).ok()).toBe(true);

    // The password first (the autofill would sign in with the passkey alone, both factors).
    await signOutFromMenu(page);
    await withoutPasskeyAutofill(page);
    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("E-mail").fill(u.email);
    await page.getByLabel("Senha", { exact: true }).fill(u.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Verificação em duas etapas" })).toBeVisible();
    const usePasskey = page.getByRole("button", { name: "Usar passkey" });
    await expect(usePasskey).toBeVisible();
    await axeClean(page, "the second step with a passkey");
    await page.setViewportSize(PHONE);
    await snap(page, "passkeys-second-step-375");
    await usePasskey.click();
    await page.waitForURL("**/dashboard");

    await openSecurityTab(page);
    const current = page.getByTestId("session-row").filter({ hasText: "Este dispositivo" });
    await expect(current.getByTestId("session-method")).toHaveText("Entrou com: Senha e passkey");
  });
});
