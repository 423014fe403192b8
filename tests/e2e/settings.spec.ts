import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { DESKTOP, PHONE, holdScripts, snap } from "./helpers";
import { registerViaApi, uniqueUser } from "./users";

// /settings: photo, profile, socials and password, as a person uses them.

const toast = (page: Page) => page.locator("[data-slot=toast], li[role=status]").first();
const headerAvatar = (page: Page) => page.getByRole("button", { name: "Abrir menu da conta" }).locator("img");
const pickerAvatar = (page: Page) => page.locator("[data-slot=card]").first().locator("[data-slot=avatar]");

async function signIn(request: APIRequestContext, email: string, password: string) {
  const res = await request.post("/api/login", { data: { username: email, password } });
  expect(res.status()).toBe(200);
}

/** A fresh account, signed in in this page's browser context. */
async function signedIn(page: Page, request: APIRequestContext) {
  const u = uniqueUser();
  await registerViaApi(request, u);
  await signIn(page.request, u.email, u.password);
  return u;
}

/** /settings, once its forms are interactive (typing before hydration would be lost). */
async function openSettings(page: Page) {
  await page.goto("/settings");
  await page.waitForLoadState("networkidle");
}

const png = (colour: string, width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

test.describe("settings", () => {
  test("changes the photo at once, shows it in the header, and keeps it when a bad file is refused", async ({ page, request }) => {
    const u = await signedIn(page, request);
    await openSettings(page);
    await expect(page.getByRole("heading", { name: "Configurações" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Perfil" })).toHaveAttribute("aria-selected", "true");
    await expect(headerAvatar(page)).toHaveCount(0); // initials before any photo

    const file = page.getByLabel("Escolher foto");
    await file.setInputFiles({ name: "eu.png", mimeType: "image/png", buffer: await png("#ec4899") });
    await expect(toast(page)).toContainText("Foto de perfil atualizada com sucesso");
    await expect(headerAvatar(page)).toHaveAttribute("src", /^\/uploads\/avatar-[0-9a-f]{32}\.webp$/);
    const src = (await headerAvatar(page).getAttribute("src"))!;
    await expect(pickerAvatar(page).locator("img")).toHaveAttribute("src", src);
    await snap(page, "settings-photo-1280");

    // The stored image is served as inert WebP by the app itself.
    const image = await page.request.get(src);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");
    expect(image.headers()["x-content-type-options"]).toBe("nosniff");
    expect(image.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(image.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await page.request.get("/uploads/..%2F..%2Fetc%2Fpasswd")).status()).toBe(404);

    // Checked in the browser before anything is sent.
    await file.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
    await expect(toast(page)).toContainText("Formato inválido");
    await expect(toast(page)).toContainText("Por favor, selecione uma imagem válida (JPEG, PNG, etc).");
    await file.setInputFiles({ name: "enorme.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(toast(page)).toContainText("Arquivo muito grande");
    await expect(toast(page)).toContainText("A imagem deve ter no máximo 5MB.");

    // Refused by the server (not an image by its content): the preview goes back to the saved photo.
    await file.setInputFiles({ name: "falsa.png", mimeType: "image/png", buffer: Buffer.from("<html>isto não é imagem</html>") });
    await expect(toast(page)).toContainText("Não foi possível fazer upload da foto de perfil");
    await expect(pickerAvatar(page).locator("img")).toHaveAttribute("src", src);
    await expect(headerAvatar(page)).toHaveAttribute("src", src);

    // 'Remover' only clears the local preview.
    await page.getByRole("button", { name: "Remover" }).click();
    await expect(pickerAvatar(page).locator("img")).toHaveCount(0);
    await expect(pickerAvatar(page)).toContainText("AS");
    await expect(headerAvatar(page)).toHaveAttribute("src", src);
    const me = await (await page.request.get("/api/user")).json();
    expect(me.avatarUrl).toBe(src);
    expect(me.username).toBe(u.username);
  });

  test("edits the profile and the social handles, with the inputs' masks", async ({ page, request }) => {
    const u = await signedIn(page, request);
    await openSettings(page);
    const newName = `${u.username.slice(0, 12)}_novo`;
    await page.getByLabel("Nome completo").fill("Ana Souza Lima");
    const username = page.getByLabel("Nome de usuário");
    await username.fill("");
    await username.pressSequentially(`${newName.toUpperCase()} !`);
    await expect(username).toHaveValue(newName);
    await expect(page.getByText(`Seu endereço público: localhost:${new URL(page.url()).port}/${newName}`)).toBeVisible();
    const phone = page.getByLabel("Telefone");
    await phone.fill("");
    await phone.pressSequentially("+55 (11) 9abc8765-4321");
    await expect(phone).toHaveValue("+55 (11) 98765-4321");
    await page.getByLabel("Bio").fill("Fotógrafa de casamentos em São Paulo.");
    await expect(page.getByText("37/150 caracteres")).toBeVisible();
    await page.getByLabel("Instagram").fill("@ana.fotos");
    await page.getByLabel("TikTok").fill("anafotos");
    const whatsapp = page.getByLabel("WhatsApp");
    await whatsapp.pressSequentially("+55 11 98765-4321");
    await expect(whatsapp).toHaveValue("5511987654321");
    await expect(page.getByText("código do país + DDD + número, apenas dígitos")).toBeVisible();
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(toast(page)).toContainText("Perfil atualizado com sucesso");

    const me = await (await page.request.get("/api/user")).json();
    expect(me).toMatchObject({
      name: "Ana Souza Lima",
      username: newName,
      phone: "+55 (11) 98765-4321",
      bio: "Fotógrafa de casamentos em São Paulo.",
      socials: { instagram: "ana.fotos", tiktok: "anafotos", whatsapp: "5511987654321" },
    });
    expect(Object.keys(me.socials)).toHaveLength(3); // empty handles are not sent

    await page.reload();
    await expect(page.getByLabel("Nome de usuário")).toHaveValue(newName);
    await expect(page.getByLabel("Instagram")).toHaveValue("ana.fotos");
    // The old name is free again.
    expect((await (await page.request.get(`/api/username-check/${u.username}`)).json()).available).toBe(true);

    // Clearing the bio and a handle saves them empty.
    await page.getByLabel("Bio").fill("");
    await page.getByLabel("TikTok").fill("");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(toast(page)).toContainText("Perfil atualizado com sucesso");
    const after = await (await page.request.get("/api/user")).json();
    expect(after.bio).toBe("");
    expect(after.socials).toEqual({ instagram: "ana.fotos", whatsapp: "5511987654321" });
  });

  test("shows every validation message, and the server's conflict on its field", async ({ page, request }) => {
    const taken = uniqueUser();
    await registerViaApi(request, taken);
    await signedIn(page, request);
    await openSettings(page);
    await page.getByLabel("Nome completo").fill("Al");
    await page.getByLabel("E-mail").fill("nao-e-email");
    await page.getByLabel("Telefone").fill("1234");
    await page.getByLabel("Bio").fill("b".repeat(151));
    await expect(page.getByText("151/150 caracteres")).toBeVisible();
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Nome deve ter pelo menos 3 caracteres")).toBeVisible();
    await expect(page.getByText("Email inválido")).toBeVisible();
    await expect(page.getByText("Telefone inválido")).toBeVisible();
    await expect(page.getByText("A bio deve ter no máximo 150 caracteres")).toBeVisible();
    await expect(page.getByLabel("Nome completo")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Nome completo").fill("Ana Souza");
    await page.getByLabel("E-mail").fill(`outra.${taken.email}`);
    await page.getByLabel("Telefone").fill("(11) 98765-4321");
    await page.getByLabel("Bio").fill("");
    await page.getByLabel("Nome de usuário").fill(taken.username);
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.locator("#profile-username-error")).toHaveText("Este nome de usuário já está em uso");
    await expect(toast(page)).toContainText("Não foi possível atualizar o perfil");

    await page.getByRole("tab", { name: "Senha" }).click();
    await page.getByRole("button", { name: "Atualizar senha" }).click();
    await expect(page.getByText("Senha atual é obrigatória")).toBeVisible();
    await expect(page.getByText("A nova senha deve ter pelo menos 8 caracteres")).toBeVisible();
    await expect(page.getByText("Confirme a nova senha", { exact: true }).last()).toBeVisible();
    await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-1");
    await page.getByLabel("Confirme a nova senha").fill("outra-senha-1");
    await page.getByRole("button", { name: "Atualizar senha" }).click();
    await expect(page.locator("#password-confirm-error")).toHaveText("As senhas não coincidem");
  });

  test("changes the password: other sessions end, this one stays, and the new password signs in", async ({ page, request, browser }) => {
    const u = await signedIn(page, request);
    const elsewhere = await browser.newContext();
    await signIn(elsewhere.request, u.email, u.password);
    expect((await elsewhere.request.get("/api/user")).status()).toBe(200);

    await openSettings(page);
    await page.getByRole("tab", { name: "Senha" }).click();
    await page.getByLabel("Senha atual").fill("senha-errada");
    await page.getByLabel("Nova senha", { exact: true }).fill("minha-nova-senha");
    await page.getByLabel("Confirme a nova senha").fill("minha-nova-senha");
    await page.getByRole("button", { name: "Atualizar senha" }).click();
    await expect(toast(page)).toContainText("Não foi possível atualizar a senha. Verifique se a senha atual está correta.");
    await expect(page.locator("#password-current-error")).toHaveText("Senha atual incorreta");

    await page.getByLabel("Senha atual").fill(u.password);
    await page.getByRole("button", { name: "Atualizar senha" }).click();
    await expect(toast(page)).toContainText("Senha atualizada com sucesso");
    await expect(page.getByLabel("Senha atual")).toHaveValue("");
    await expect(page.getByLabel("Nova senha", { exact: true })).toHaveValue("");

    expect((await elsewhere.request.get("/api/user")).status()).toBe(401);
    await elsewhere.close();
    expect((await page.request.get("/api/user")).status()).toBe(200);

    await page.getByRole("button", { name: "Abrir menu da conta" }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(u.email);
    await page.getByLabel("Senha", { exact: true }).fill(u.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(toast(page)).toContainText("Erro no login");
    await page.getByLabel("Senha", { exact: true }).fill("minha-nova-senha");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL("**/dashboard");
  });

  test("looks right on a phone and on a desktop", async ({ page, request }) => {
    await signedIn(page, request);
    for (const [size, name] of [
      [PHONE, "375"],
      [DESKTOP, "1280"],
    ] as const) {
      await page.setViewportSize(size);
      await openSettings(page);
      await expect(page.getByLabel("Nome completo")).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await snap(page, `settings-${name}`);
      await page.getByRole("tab", { name: "Senha" }).click();
      await expect(page.getByLabel("Senha atual")).toBeVisible();
      await snap(page, `settings-password-${name}`);
    }
  });
});

test("the settings' fields hold the account's values in the page the server draws, before any script has run", async ({ page, request }) => {
  const u = await signedIn(page, request);
  await page.route("**/_next/static/**/*.js", () => {}); // never answered: the document alone
  await page.goto("/settings", { waitUntil: "domcontentloaded" });
  await expect(page.getByLabel("Nome completo", { exact: true })).toHaveValue(u.name);
  await expect(page.getByLabel("Nome de usuário", { exact: true })).toHaveValue(u.username);
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(u.email);
  await expect(page.getByLabel("Telefone", { exact: true })).toHaveValue(/^\(?11\)? ?98765-?4321$|^11987654321$/);
  await expect(page.getByRole("checkbox", { name: "Permitir que buscadores mostrem minha página" })).toBeChecked();
  await expect(page.getByRole("radio", { name: /Nenhum aviso/ })).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
});

test("the profile typed into and saved (twice) before the page's scripts have run is sent once, with every character, and kept on screen", async ({
  page,
  request,
}) => {
  const u = await signedIn(page, request);
  await page.setViewportSize(PHONE);
  const scripts = await holdScripts(page);
  const puts: string[] = [];
  page.on("request", (r) => r.method() === "PUT" && r.url().endsWith("/api/user/profile") && puts.push(r.postData() ?? ""));
  await page.goto("/settings", { waitUntil: "domcontentloaded" });
  await scripts.asked();
  const name = page.getByLabel("Nome completo", { exact: true });
  const bio = page.getByLabel("Bio", { exact: true });
  await name.fill("");
  await name.pressSequentially("Ana Souza Lima");
  await bio.pressSequentially("Fotógrafa em São Paulo.");
  await page.getByLabel("Instagram").pressSequentially("ana.fotos");
  const save = page.getByRole("button", { name: "Salvar alterações" });
  await save.click();
  await save.click();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
  // Nothing was posted to the page or put in the address meanwhile.
  expect(new URL(page.url()).search).toBe("");
  expect(puts).toEqual([]);

  await scripts.release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await expect(toast(page)).toContainText("Perfil atualizado com sucesso");
  expect(puts).toHaveLength(1);
  expect(JSON.parse(puts[0]!)).toMatchObject({ name: "Ana Souza Lima", bio: "Fotógrafa em São Paulo.", socials: { instagram: "ana.fotos" } });
  // React Hook Form did not write the old values over the new ones, and React did not reset the form.
  await expect(name).toHaveValue("Ana Souza Lima");
  await expect(bio).toHaveValue("Fotógrafa em São Paulo.");
  const me = await (await page.request.get("/api/user")).json();
  expect(me).toMatchObject({ name: "Ana Souza Lima", bio: "Fotógrafa em São Paulo.", socials: { instagram: "ana.fotos" } });
  expect(me.username).toBe(u.username);
  await page.waitForTimeout(500);
  expect(puts).toHaveLength(1);
});

test("a tab pressed before the page's scripts have run opens once they have, and the keyboard still moves between tabs", async ({ page, request }) => {
  await signedIn(page, request);
  await page.setViewportSize(PHONE);
  const scripts = await holdScripts(page);
  await page.goto("/settings", { waitUntil: "domcontentloaded" });
  await scripts.asked();
  const passwordTab = page.getByRole("tab", { name: "Senha" });
  await passwordTab.click();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
  expect(new URL(page.url()).search).toBe("");

  await scripts.release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await expect(passwordTab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Nova senha", { exact: true })).toBeVisible();
  expect(new URL(page.url()).search).toBe("");

  // Once React has the page, tabs are Radix's as before: arrows move and select, Enter submits nothing.
  await passwordTab.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Perfil" })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Nome completo", { exact: true })).toBeVisible();
  expect(new URL(page.url()).search).toBe("");
});

test("the account menu pressed before the page's scripts have run opens once they have", async ({ page, request }) => {
  await signedIn(page, request);
  await page.setViewportSize(PHONE);
  const scripts = await holdScripts(page);
  await page.goto("/settings", { waitUntil: "domcontentloaded" });
  await scripts.asked();
  await page.getByRole("button", { name: "Abrir menu da conta" }).click();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
  expect(new URL(page.url()).pathname).toBe("/settings");

  await scripts.release();
  await expect(page.getByRole("menuitem", { name: "Sair" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/settings");
});
