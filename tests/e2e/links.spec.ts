import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, PHONE, holdScripts, interactive, snap } from "./helpers";
import { signUpAndIn } from "./session";

const toast = (page: Page) => page.locator("[data-slot=toast]").first();
const rows = (page: Page) => page.getByTestId("link-row");
const titles = async (page: Page) => rows(page).getByTestId("link-title").allTextContents();

/** The keyboard's reorder on a row's handle: space lifts it, ArrowDown moves it `downs` places, space drops it. */
async function liftAndDrop(page: Page, title: string, downs: number) {
  await page.getByRole("button", { name: `Reordenar ${title}` }).focus();
  await page.keyboard.press("Space");
  for (let i = 0; i < downs; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Space");
}

async function addLink(page: Page, title: string, url: string) {
  await page
    .getByRole("link", { name: /Adicionar (primeiro )?link/ })
    .first()
    .click();
  await page.waitForURL("**/dashboard/add");
  await page.getByLabel("Título").fill(title);
  await page.getByLabel("URL").fill(url);
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await page.waitForURL("**/dashboard");
  await expect(toast(page)).toContainText("Link adicionado com sucesso");
}

test.describe("links on the dashboard", () => {
  test("empty state, add three, edit, toggle, reorder by mouse and keyboard, delete, copy", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const u = await signUpAndIn(page);
    await page.goto("/dashboard");
    await expect(page.getByText("Você ainda não tem links")).toBeVisible();
    await expect(page.getByTestId("phone-preview")).toContainText("Nenhum link ativo");

    // The form's own messages first.
    await page.getByRole("link", { name: "Adicionar primeiro link" }).click();
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(page.getByText("O título é obrigatório")).toBeVisible();
    await page.getByLabel("URL").fill("javascript:alert(1)");
    await page.getByLabel("Título").fill("x".repeat(101));
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(page.getByText("O título deve ter no máximo 100 caracteres")).toBeVisible();
    await expect(page.getByText("URL inválida")).toBeVisible();
    await page.getByRole("link", { name: "Cancelar" }).click();
    await page.waitForURL("**/dashboard");

    await addLink(page, "Minha loja", "loja.com.br");
    await addLink(page, "Último vídeo", "https://youtube.com/@ana");
    await addLink(page, "Instagram", "https://instagram.com/ana");
    await expect(rows(page)).toHaveCount(3);
    expect(await titles(page)).toEqual(["Minha loja", "Último vídeo", "Instagram"]);
    await expect(rows(page).first().getByTestId("link-host")).toHaveText("loja.com.br");

    // Edit loads the link first.
    await page.getByRole("link", { name: "Editar Minha loja" }).click();
    await expect(page.getByLabel("Título")).toHaveValue("Minha loja");
    await page.getByLabel("Título").fill("Loja oficial");
    await page.getByRole("button", { name: "Salvar" }).click();
    await page.waitForURL("**/dashboard");
    await expect(toast(page)).toContainText("Link atualizado com sucesso");
    await expect(rows(page).first()).toContainText("Loja oficial");

    // Toggle hides it from the preview.
    await page.getByRole("switch", { name: "Mostrar Último vídeo no perfil" }).click();
    await expect(toast(page)).toContainText("Link atualizado com sucesso");
    await expect(page.getByRole("switch", { name: "Mostrar Último vídeo no perfil" })).not.toBeChecked();
    await expect(page.getByTestId("phone-preview")).not.toContainText("Último vídeo");

    // Reorder with the mouse: drag the third row to the top. The pointer goes
    // to where the top row's handle is at each step (the page may still be
    // scrolling on a busy machine), and is let go once the list has moved
    // that row out of the way.
    const handle = page.getByRole("button", { name: "Reordenar Instagram" });
    const target = page.getByRole("button", { name: "Reordenar Loja oficial" });
    const displaced = rows(page).filter({ hasText: "Loja oficial" });
    const isDisplaced = () => displaced.evaluate((row) => /translate\(0px, [1-9]/.test(row.style.transform));
    // Wholly on screen first: where selling is on, the card's two more buttons put the third row at the viewport's edge.
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    // The pointer over the list has loaded drag and drop (not in the page's first script).
    await expect(page.locator("ul[data-drag=ready]")).toBeVisible();
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
    for (let i = 0; i < 10 && !(await isDisplaced()); i++) {
      const to = (await target.boundingBox())!;
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 20, { steps: 10 });
    }
    await expect.poll(isDisplaced).toBe(true);
    await page.mouse.up();
    await expect(toast(page)).toContainText("Links reordenados com sucesso");
    expect(await titles(page)).toEqual(["Instagram", "Loja oficial", "Último vídeo"]);

    // Reorder with the keyboard: lift with space, move down, drop.
    await liftAndDrop(page, "Instagram", 2);
    await expect.poll(() => titles(page)).toEqual(["Loja oficial", "Último vídeo", "Instagram"]);
    await expect(toast(page)).toContainText("Links reordenados com sucesso");

    await page.reload();
    await expect.poll(() => titles(page)).toEqual(["Loja oficial", "Último vídeo", "Instagram"]);

    // Delete with the confirmation dialog; cancelling keeps it.
    await page.getByRole("button", { name: "Excluir Último vídeo" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: "Confirmar exclusão" })).toBeVisible();
    await expect(dialog).toContainText('Tem certeza que deseja excluir o link "Último vídeo"? Esta ação não pode ser desfeita.');
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(rows(page)).toHaveCount(3);
    await page.getByRole("button", { name: "Excluir Último vídeo" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await expect(toast(page)).toContainText("Link removido com sucesso");
    await expect(rows(page)).toHaveCount(2);

    // Copy the profile link.
    await page.getByRole("button", { name: "Copiar link" }).click();
    await expect(toast(page)).toContainText("Link copiado para a área de transferência");
    await expect(page.getByRole("button", { name: "Copiado!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/${u.username}$`));
    await expect(page.getByRole("button", { name: "Copiar link" })).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole("img", { name: /QR code que abre/ })).toBeVisible();

    await page.setViewportSize(DESKTOP);
    await snap(page, "dashboard-1280");
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(rows(page)).toHaveCount(2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, "dashboard-375");
  });

  test("rolls the order back and says so when the server refuses", async ({ page }) => {
    await signUpAndIn(page);
    for (const [title, url] of [
      ["Um", "https://um.com"],
      ["Dois", "https://dois.com"],
    ]) {
      await page.request.post("/api/links", { data: { title, url } });
    }
    await page.goto("/dashboard");
    await expect(rows(page)).toHaveCount(2);
    await interactive(page);
    await page.route("**/api/links/reorder", (route) => route.fulfill({ status: 500, body: '{"message":"Erro interno do servidor"}' }));
    await liftAndDrop(page, "Um", 1);
    await expect(toast(page)).toContainText("Não foi possível reordenar os links");
    await expect.poll(() => titles(page)).toEqual(["Um", "Dois"]);
  });

  test("shows a clear state for a link that does not exist", async ({ page }) => {
    await signUpAndIn(page);
    await page.goto("/dashboard/edit/nao-existe");
    await expect(page.getByText("Link não encontrado")).toBeVisible();
    await expect(page.getByText("Este link foi excluído ou não existe mais.")).toBeVisible();
    await page.getByRole("link", { name: "Voltar para o Dashboard" }).last().click();
    await page.waitForURL("**/dashboard");
  });
});

test("the dashboard draws its rows with the document and starts its scripts at load; a press made before they have run is made once", async ({ page }) => {
  await signUpAndIn(page);
  for (const title of ["Um", "Dois"]) await page.request.post("/api/links", { data: { title, url: `https://${title.toLowerCase()}.example.com` } });
  await page.setViewportSize(PHONE);
  // Hold the page's scripts: the document alone is on screen.
  const scripts = await holdScripts(page);
  const response = await page.goto("/dashboard", { waitUntil: "domcontentloaded" });
  expect(response?.headers()["content-security-policy"]).toMatch(/'nonce-/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // The rows, their switches and move buttons are drawn by the server, not placeholders.
  expect(await titles(page)).toEqual(["Um", "Dois"]);
  const toggle = page.getByRole("switch", { name: "Mostrar Um no perfil" });
  await expect(toggle).toBeChecked();
  await expect(page.getByRole("button", { name: "Mover Um para cima" })).toBeDisabled();
  // The scripts start with the document, as Next wrote them (no late boot, nothing fetched ahead instead).
  await scripts.asked();
  expect(await page.evaluate(() => document.querySelectorAll("script[src]").length)).toBeGreaterThan(0);
  expect(await page.evaluate(() => [...document.querySelectorAll("link[rel=prefetch]")].length)).toBe(0);
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
  // The owner presses a switch while they are still on their way.
  await toggle.click();
  await scripts.release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  // React has the page: the held press is made, once.
  await expect(toast(page)).toContainText("Link atualizado com sucesso");
  await expect(toggle).not.toBeChecked();
  const stored = async () => ((await (await page.request.get("/api/links")).json()) as Array<{ active: boolean }>).map((l) => l.active);
  await expect.poll(stored).toEqual([false, true]);
  // Drag and drop works on the same rows.
  await liftAndDrop(page, "Um", 1);
  await expect.poll(() => titles(page)).toEqual(["Dois", "Um"]);
});

test("the keyboard reorders right after the dashboard has loaded, on a throttled phone: no library to wait for", async ({ page }) => {
  await signUpAndIn(page);
  for (const title of ["Um", "Dois", "Três"]) await page.request.post("/api/links", { data: { title, url: `https://${title.toLowerCase()}.example.com` } });
  await page.setViewportSize(PHONE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const reorders: string[] = [];
  page.on("request", (r) => r.url().endsWith("/api/links/reorder") && reorders.push(r.postData() ?? ""));
  await page.goto("/dashboard"); // the load event: no pointer has come over the list, drag and drop is not loaded
  // The handle's keys are React's (no script of the page's own sees a key before React has it): the
  // load event can come a few throttled milliseconds before React has hydrated the root, so the keys
  // wait for its mark, not for anything of drag and drop's.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(await page.locator("ul[data-drag]").count()).toBe(0);
  await liftAndDrop(page, "Um", 2);
  await expect.poll(() => titles(page)).toEqual(["Dois", "Três", "Um"]);
  await expect(toast(page)).toContainText("Links reordenados com sucesso");
  expect(reorders).toHaveLength(1);
  await expect(page.getByRole("button", { name: "Reordenar Um" })).toBeFocused();
  await expect(page.getByTestId("drag-said")).toHaveText("Um solto na posição 3 de 3.");
  expect(await page.locator("ul[data-drag]").count()).toBe(0);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await page.reload();
  await expect.poll(() => titles(page)).toEqual(["Dois", "Três", "Um"]);
});

test("a form sent before its page's scripts have run is not submitted natively, and is sent once they have", async ({ page }) => {
  await signUpAndIn(page);
  const scripts = await holdScripts(page);
  // An app page whose scripts start with it (not a late-booting one): they are still on their way.
  await page.goto("/dashboard/add", { waitUntil: "commit" });
  await page.getByLabel("Título").fill("Minha loja");
  await page.getByLabel("URL").fill("loja.com.br");
  await page.getByLabel("URL").press("Enter");
  await scripts.asked();
  // Nothing went to the server in the address (a native GET would put every field there).
  expect(new URL(page.url()).search).toBe("");
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
  await scripts.release();
  await page.waitForURL("**/dashboard");
  await expect(toast(page)).toContainText("Link adicionado com sucesso");
  expect(await titles(page)).toEqual(["Minha loja"]);
  await expect(rows(page).first().getByTestId("link-host")).toHaveText("loja.com.br");
});
