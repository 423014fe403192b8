import { expect, test } from "@playwright/test";
import { DESKTOP, PHONE, snap } from "./helpers";

const field = (page: import("@playwright/test").Page) => page.getByRole("textbox", { name: "Escolha seu nome de usuário" });
const start = (page: import("@playwright/test").Page) => page.getByRole("button", { name: /Começar Grátis|Verificando/ });
const message = (page: import("@playwright/test").Page) => page.locator("form p[aria-live]");

test.describe("landing page", () => {
  test("shows the promise, the host-prefixed field and the four features", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Vitrine/);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Todos os seus links em um só lugar");
    await expect(page.getByText(/localhost:\d+\//).first()).toBeVisible();
    for (const title of ["Links ilimitados", "Feito para o celular", "Estatísticas simples", "Perfil do seu jeito"]) {
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("link", { name: "Cadastrar" })).toHaveAttribute("href", "/register");
    await expect(page.getByText(`© ${new Date().getFullYear()} Vitrine Tecnologia Ltda.`)).toBeVisible();
    // No GOOGLE_CLIENT_ID on this server: no Google button, nothing loaded from Google.
    await expect(page.getByTestId("google-button")).toHaveCount(0);
  });

  test("keeps the button disabled while the field is empty", async ({ page }) => {
    await page.goto("/");
    await expect(start(page)).toBeDisabled();
    await field(page).fill("ana");
    await expect(start(page)).toBeEnabled();
    await field(page).fill("");
    await expect(start(page)).toBeDisabled();
  });

  test("strips what a username cannot hold as it is typed (product-spec §5)", async ({ page }) => {
    await page.goto("/");
    await field(page).pressSequentially("Ana Souza-ç!_2");
    await expect(field(page)).toHaveValue("anasouza_2");
    await field(page).fill("   ");
    await expect(field(page)).toHaveValue("");
    await expect(start(page)).toBeDisabled();
    await field(page).fill("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    await expect(field(page)).toHaveValue("abcdefghijklmnopqrst");
  });

  test("says when the name is taken, and clears the message on typing", async ({ page }) => {
    await page.goto("/");
    await field(page).fill("admin");
    await page.keyboard.press("Enter");
    await expect(message(page)).toHaveText("Este nome de usuário já está em uso");
    await field(page).press("Backspace");
    await expect(message(page)).toHaveText("");
  });

  test("disables the button and says 'Verificando...' while the check runs", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/username-check/**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    await field(page).fill("ana_nova");
    await start(page).click();
    await expect(start(page)).toHaveText("Verificando...");
    await expect(start(page)).toBeDisabled();
    release();
    await page.waitForURL("**/register?username=ana_nova");
  });

  test("tells the visitor when the check itself fails", async ({ page }) => {
    await page.route("**/api/username-check/**", (route) => route.abort());
    await page.goto("/");
    await field(page).fill("ana_nova");
    await start(page).click();
    await expect(message(page)).toHaveText("Erro ao verificar disponibilidade do nome de usuário");
    await expect(start(page)).toBeEnabled();
  });

  test("sends a free name to registration, with the keyboard alone", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab"); // skip link
    await page.keyboard.press("Tab"); // logo
    await page.keyboard.press("Tab"); // Entrar
    await page.keyboard.press("Tab"); // Cadastrar
    await page.keyboard.press("Tab");
    await expect(field(page)).toBeFocused();
    await page.keyboard.type("minha_marca");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/register?username=minha_marca");
  });

  test("looks right on a phone and a desktop", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    const box = await field(page).boundingBox();
    expect(box?.height).toBeGreaterThan(30);
    // The field keeps the page margin on both sides.
    const form = await page.locator("form").first().boundingBox();
    expect(form!.x).toBeGreaterThanOrEqual(12);
    expect(form!.x + form!.width).toBeLessThanOrEqual(PHONE.width - 12);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, "landing-375");
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await snap(page, "landing-1280");
  });
});

test.describe("not-found view", () => {
  test("answers 404 with the view for /404 and unknown paths", async ({ page }) => {
    for (const path of ["/404", "/nada/por/aqui", "/a/b/c/d"]) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Voltar para o início" })).toHaveAttribute("href", "/");
    }
    // Two segments read as a profile's short link: its own 404 view.
    const link = await page.goto("/alguem/link-antigo");
    expect(link?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Link não encontrado" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Acesse agora" })).toHaveAttribute("href", /\/$/);
    await page.setViewportSize(PHONE);
    await page.goto("/nada/por/aqui");
    await snap(page, "not-found-375");
  });

  test("sends the security headers with every page", async ({ request }) => {
    const res = await request.get("/");
    const h = res.headers();
    expect(h["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBeTruthy();
    expect(h["x-powered-by"]).toBeUndefined();
  });
});
