import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DESKTOP, PHONE, snap } from "./helpers";
import { arrowTo, tabTo, withoutTransitions } from "./keyboard";
import { ADMIN, KEYBOARD_USER, signInOrRegister, uniqueUser } from "./users";

// axe-core finds no violation on any page, at 375 px and 1280 px, and the
// main journey works with the keyboard alone, with visible focus. The
// journey's account is reused by the other checks (sign-ups are scarce).

const toast = (page: Page) => page.locator("[data-slot=toast]").first();
const WIDTHS = [PHONE, DESKTOP] as const;

/** Fails with every violation's rule, impact and first elements, so the report says what to fix. */
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

/** Opens `path` at each width (a state set up by `before`), and checks it. */
async function checkPage(page: Page, path: string, label: string, before?: () => Promise<void>) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    const res = await page.goto(path);
    expect(res?.status(), `${label} answered`).toBeLessThan(500);
    await page.waitForLoadState("networkidle");
    if (before) await before();
    await expectNoViolations(page, `${label} at ${size.width} px`);
  }
}

/** The keyboard journey's account, with a link, a bio and social handles (created here when the journey did not run). */
async function keyboardUserWithContent(request: APIRequestContext) {
  await signInOrRegister(request, KEYBOARD_USER);
  const listed = async () => (await (await request.get("/api/links")).json()) as { id: string; title: string }[];
  for (const [title, url] of [
    ["Meu portfólio", "https://example.com/portfolio"],
    ["Loja", "https://example.com/loja"],
  ]) {
    if (!(await listed()).some((l) => l.title === title)) await request.post("/api/links", { data: { title, url } });
  }
  const links = await listed();
  const res = await request.put("/api/user/profile", {
    data: {
      ...KEYBOARD_USER,
      bio: "Escrevo com o teclado.",
      socials: { instagram: "teclado.vitrine", youtube: "tecladovitrine", whatsapp: "5511977771234" },
    },
  });
  expect(res.status()).toBe(200);
  return { linkId: links[0]!.id };
}

test.describe("accessibility", () => {
  // Many pages, two widths each, on a small shared machine.
  test.describe.configure({ timeout: 240_000 });

  test("keyboard alone: register, add a link, toggle it, change the bio, log out", async ({ page }) => {
    await withoutTransitions(page);
    // On a rerun against the same database the fixed account exists: use a fresh one.
    const taken = (await page.request.post("/api/login", { data: { username: KEYBOARD_USER.email, password: KEYBOARD_USER.password } })).ok();
    if (taken) await page.request.post("/api/logout", { data: {} });
    const u = taken ? { ...uniqueUser(), phone: KEYBOARD_USER.phone } : KEYBOARD_USER;
    const title = "Meu portfólio";

    await page.goto("/");
    await tabTo(page, page.getByRole("link", { name: "Cadastrar" }));
    await page.keyboard.press("Enter");
    await page.waitForURL("**/register");
    await expect(page.getByRole("heading", { name: "Crie sua conta" })).toBeVisible();
    await page.waitForLoadState("networkidle");

    for (const [label, value] of [
      ["Nome completo", u.name],
      ["Nome de usuário", u.username],
      ["Telefone", u.phone.replace(/\D/g, "")],
      ["E-mail", u.email],
    ] as const) {
      await tabTo(page, page.getByLabel(label));
      await page.keyboard.type(value);
    }
    await tabTo(page, page.getByLabel("Senha", { exact: true }));
    await page.keyboard.type(u.password);
    await tabTo(page, page.getByLabel("Confirme a senha"));
    await page.keyboard.type(u.password);
    await tabTo(page, page.getByRole("checkbox"));
    await page.keyboard.press("Space");
    await expect(page.getByRole("checkbox")).toBeChecked();
    await tabTo(page, page.getByRole("button", { name: "Criar conta" }));
    // The toast (5 s) is looked for from the press on: on a busy machine the
    // dashboard can take longer than that to replace the form.
    const created = expect(toast(page)).toContainText("Conta criada com sucesso!", { timeout: 20_000 });
    await page.keyboard.press("Enter");
    await created;
    await page.waitForURL("**/dashboard");
    await page.waitForLoadState("networkidle");

    // Add a link.
    await tabTo(page, page.getByRole("link", { name: "Adicionar link", exact: true }));
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboard/add");
    await page.waitForLoadState("networkidle");
    await tabTo(page, page.getByLabel("Título"));
    await page.keyboard.type(title);
    await tabTo(page, page.getByLabel("URL"));
    await page.keyboard.type("example.com/portfolio");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboard");
    await expect(toast(page)).toContainText("Link adicionado com sucesso");

    // Toggle it off.
    const toggle = page.getByRole("switch", { name: `Mostrar ${title} no perfil` });
    await expect(toggle).toBeChecked();
    await tabTo(page, toggle);
    await page.keyboard.press("Space");
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText("Link atualizado com sucesso").first()).toBeVisible();

    // Settings through the account menu.
    await tabTo(page, page.getByRole("button", { name: "Abrir menu da conta" }), { back: true });
    await page.keyboard.press("Enter");
    const settings = page.getByRole("menuitem", { name: "Configurações" });
    await expect(settings).toBeVisible();
    await arrowTo(page, settings, "ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/settings");
    await page.waitForLoadState("networkidle");
    await tabTo(page, page.getByLabel("Bio"));
    await page.keyboard.type("Escrevo com o teclado.");
    await tabTo(page, page.getByRole("button", { name: "Salvar alterações" }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("Perfil atualizado com sucesso").first()).toBeVisible();

    // Log out.
    await tabTo(page, page.getByRole("button", { name: "Abrir menu da conta" }), { back: true });
    await page.keyboard.press("Enter");
    const logout = page.getByRole("menuitem", { name: "Sair" });
    await arrowTo(page, logout, "ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible();

    // What the keyboard did is what the public page shows.
    const profile = await (await page.request.get(`/api/profiles/${u.username}`)).json();
    expect(profile.user.bio).toBe("Escrevo com o teclado.");
    expect(profile.links).toEqual([]); // the only link was switched off
  });

  test("signed-out pages: landing, login, register (with errors), 404 and the profile pages", async ({ page, browser }) => {
    // A profile with links and social handles, set up in a context of its own.
    const owner = await browser.newContext();
    await keyboardUserWithContent(owner.request);
    await owner.close();

    await checkPage(page, "/", "the landing page");
    await checkPage(page, "/", "the landing page's error", async () => {
      // The field strips what a username cannot hold, so the error shown is 'taken'.
      await page.getByRole("textbox", { name: "Escolha seu nome de usuário" }).fill("admin");
      await page.getByRole("button", { name: "Começar Grátis" }).click();
      await expect(page.getByText("Este nome de usuário já está em uso")).toBeVisible();
    });
    await checkPage(page, "/login", "login");
    await checkPage(page, "/login", "login with errors", async () => {
      await page.getByRole("button", { name: "Entrar", exact: true }).click();
      await expect(page.getByText("Email inválido")).toBeVisible();
    });
    await checkPage(page, "/register", "register");
    await checkPage(page, "/register", "register with errors", async () => {
      await page.getByRole("button", { name: "Criar conta" }).click();
      await expect(page.getByText("Nome deve ter pelo menos 3 caracteres")).toBeVisible();
    });
    await checkPage(page, "/404", "/404");
    await checkPage(page, "/nada/por/aqui", "an unknown path");
    await checkPage(page, `/${KEYBOARD_USER.username}`, "a public profile with links and socials", async () => {
      await expect(page.locator(".vp-socials a")).toHaveCount(3);
      await expect(page.locator(".vp-btn")).not.toHaveCount(0);
    });
    await checkPage(page, "/ninguem_por_aqui", "the profile not-found page");
    await checkPage(page, `/${KEYBOARD_USER.username}/nao-existe`, "the link not-found page");
  });

  test("owner pages: dashboard (with its menu and dialog), add, edit, settings (both tabs)", async ({ page }) => {
    const { linkId } = await keyboardUserWithContent(page.request);
    await checkPage(page, "/dashboard", "the dashboard");
    await checkPage(page, "/dashboard", "the dashboard's account menu", async () => {
      await page.getByRole("button", { name: "Abrir menu da conta" }).click();
      await expect(page.getByRole("menuitem", { name: "Sair" })).toBeVisible();
    });
    await checkPage(page, "/dashboard", "the delete dialog", async () => {
      await page.getByRole("button", { name: "Excluir Loja" }).click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
    });
    await checkPage(page, "/dashboard/add", "the add page");
    await checkPage(page, "/dashboard/add", "the add page with errors", async () => {
      await page.getByRole("button", { name: "Adicionar", exact: true }).click();
      await expect(page.getByText("O título é obrigatório")).toBeVisible();
    });
    await checkPage(page, `/dashboard/edit/${linkId}`, "the edit page");
    await checkPage(page, "/dashboard/edit/nao-existe", "the edit page of a missing link");
    await checkPage(page, "/settings", "settings, Perfil");
    await checkPage(page, "/settings", "settings, Senha", async () => {
      await page.getByRole("tab", { name: "Senha" }).click();
      await expect(page.getByRole("button", { name: "Atualizar senha" })).toBeVisible();
    });
    await checkPage(page, "/cover", "cover");
    await checkPage(page, "/cover", "cover, the buttons tab", async () => {
      await page.getByRole("tab", { name: "Botões" }).click();
      await expect(page.getByText(/Transparência dos botões/)).toBeVisible();
    });
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard");
    await snap(page, "a11y-dashboard-375");
  });

  test("admin panel: its three tabs and the confirmation dialog", async ({ page }) => {
    await signInOrRegister(page.request, ADMIN);
    await checkPage(page, "/admin?tab=dashboard", "admin, Dashboard");
    await checkPage(page, "/admin?tab=pages", "admin, Páginas");
    await checkPage(page, "/admin?tab=users", "admin, Usuários");
    await checkPage(page, "/admin?tab=pages", "admin, confirmation dialog", async () => {
      await page
        .getByRole("button", { name: /^Desativar/ })
        .filter({ visible: true })
        .first()
        .click();
      await expect(page.getByRole("dialog", { name: "Desativar página?" })).toBeVisible();
    });
  });
});
