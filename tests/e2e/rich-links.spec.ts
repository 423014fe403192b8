import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { THEMES } from "@/lib/profile/themes";
import { DESKTOP, PHONE, snap } from "./helpers";
import { signUpAndIn } from "./session";

// Issue 14's journeys at 375 px: sections and schedules, moving with the
// buttons only, themes with the contrast warning, CSV import with a bad row,
// and the links list on a phone. axe at 375 and 1280 px.

const toast = (page: Page) => page.locator("[data-slot=toast]").first();
const rows = (page: Page) => page.getByTestId("link-row");
const titles = (page: Page) => rows(page).getByTestId("link-title").allTextContents();
const HOUR = 60 * 60 * 1000;

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

async function atBothWidths(page: Page, label: string) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.waitForLoadState("networkidle");
    await expectNoViolations(page, `${label} at ${size.width} px`);
  }
  await page.setViewportSize(PHONE);
}

/** São Paulo's wall clock (UTC−3) for a datetime-local input. */
const saoPaulo = (ms: number) => new Date(ms - 3 * HOUR).toISOString().slice(0, 16);

test.describe("a richer page", () => {
  test("add a section and a scheduled link, see badges, and see both on the public page", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const u = await signUpAndIn(page);
    await page.request.post("/api/links", { data: { title: "Minha loja", url: "https://loja.example.com" } });
    await page.request.post("/api/links", {
      data: {
        title: "Promoção de ontem",
        url: "https://ontem.example.com",
        startsAt: new Date(Date.now() - 48 * HOUR).toISOString(),
        endsAt: new Date(Date.now() - 24 * HOUR).toISOString(),
      },
    });
    await page.goto("/dashboard");

    await page.getByRole("link", { name: "Adicionar seção" }).click();
    await page.waitForURL("**/dashboard/add?kind=header");
    await expect(page.getByRole("heading", { name: "Adicionar seção" })).toBeVisible();
    await expect(page.getByLabel("URL")).toHaveCount(0);
    await atBothWidths(page, "add section");
    await page.getByLabel("Título da seção").fill("Projetos");
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    await page.waitForURL("**/dashboard");
    await expect(toast(page)).toContainText("Seção adicionada com sucesso");

    // A link live now until tomorrow, and one that starts tomorrow.
    const tomorrow = Date.now() + 24 * HOUR;
    for (const [title, url, start, end] of [
      ["Curso ao vivo", "https://curso.example.com", Date.now() - HOUR, tomorrow],
      ["Lançamento", "https://lancamento.example.com", tomorrow, null],
    ] as const) {
      await page.getByRole("link", { name: "Adicionar link", exact: true }).click();
      await page.getByLabel("Título").fill(title);
      await page.getByLabel("URL").fill(url);
      await page.getByLabel("Mostrar a partir de").fill(saoPaulo(start));
      if (end) await page.getByLabel("Mostrar até").fill(saoPaulo(end));
      await page.getByRole("button", { name: "Adicionar", exact: true }).click();
      await page.waitForURL("**/dashboard");
    }
    // The end before the start is refused with its message.
    await page.getByRole("link", { name: "Adicionar link", exact: true }).click();
    await page.getByLabel("Título").fill("Errado");
    await page.getByLabel("URL").fill("https://errado.example.com");
    await page.getByLabel("Mostrar a partir de").fill(saoPaulo(Date.now() + 2 * HOUR));
    await page.getByLabel("Mostrar até").fill(saoPaulo(Date.now() + HOUR));
    await atBothWidths(page, "add link with schedule");
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(page.getByText("O fim precisa ser depois do início")).toBeVisible();
    await page.getByRole("link", { name: "Cancelar" }).click();

    await expect(rows(page)).toHaveCount(5);
    await expect(rows(page).nth(1)).toContainText("Expirado");
    await expect(rows(page).nth(2)).toContainText("Seção");
    await expect(rows(page).nth(3)).not.toContainText(/Agendado|Expirado/);
    await expect(rows(page).nth(4)).toContainText("Agendado");
    // The edit form shows the start in São Paulo time, as typed.
    await page.getByRole("link", { name: "Editar Lançamento" }).click();
    await expect(page.getByLabel("Mostrar a partir de")).toHaveValue(saoPaulo(tomorrow));
    await expect(page.getByLabel("Mostrar até")).toHaveValue("");
    await expect(page.getByRole("heading", { name: "Editar link" })).toBeVisible();
    await page.getByRole("link", { name: "Cancelar" }).click();
    // A section's edit page says so, and asks for its title only.
    await page.getByRole("link", { name: "Editar Projetos" }).click();
    await expect(page.getByRole("heading", { name: "Editar seção" })).toBeVisible();
    await expect(page).toHaveTitle(/Editar seção/);
    await expect(page.getByLabel("Título da seção")).toHaveValue("Projetos");
    await expect(page.getByLabel("URL")).toHaveCount(0);
    await page.getByRole("link", { name: "Cancelar" }).click();

    await page.goto(`/${u.username}`);
    await expect(page.getByRole("heading", { level: 2, name: "Projetos" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Curso ao vivo" })).toHaveAttribute("href", "https://curso.example.com/");
    await expect(page.getByRole("link", { name: "Lançamento" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Promoção de ontem" })).toHaveCount(0);
    await atBothWidths(page, "public page with a section");
    await snap(page, "rich-public-section-375");
  });

  test("move a link with the buttons only (keyboard), and roll back when the server refuses", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signUpAndIn(page);
    for (const title of ["Um", "Dois", "Três"]) await page.request.post("/api/links", { data: { title, url: `https://${title.toLowerCase()}.example.com` } });
    await page.goto("/dashboard");
    await expect(rows(page)).toHaveCount(3);
    await expect(page.getByRole("button", { name: "Mover Um para cima" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Mover Três para baixo" })).toBeDisabled();

    await page.getByRole("button", { name: "Mover Um para baixo" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => titles(page)).toEqual(["Dois", "Um", "Três"]);
    // Focus follows the row, so pressing again moves it again.
    await expect(page.getByRole("button", { name: "Mover Um para baixo" })).toBeFocused();
    await expect(toast(page)).toContainText("Links reordenados com sucesso");
    await page.keyboard.press("Enter");
    await expect.poll(() => titles(page)).toEqual(["Dois", "Três", "Um"]);
    await expect(page.getByRole("button", { name: "Mover Um para cima" })).toBeFocused();
    await page.keyboard.press("Space");
    await expect.poll(() => titles(page)).toEqual(["Dois", "Um", "Três"]);
    await page.reload();
    await expect.poll(() => titles(page)).toEqual(["Dois", "Um", "Três"]);

    await page.route("**/api/links/reorder", (route) => route.fulfill({ status: 500, body: '{"message":"Erro interno do servidor"}' }));
    await page.getByRole("button", { name: "Mover Três para cima" }).click();
    await expect(toast(page)).toContainText("Não foi possível reordenar os links");
    await expect.poll(() => titles(page)).toEqual(["Dois", "Um", "Três"]);
  });

  test("the list at 375 px: titles wrap to two lines, the host shows, every control is reachable", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signUpAndIn(page);
    for (const [title, url] of [
      ["Meu portfólio de fotografia de casamentos", "https://www.portfolio.example.com/casamentos/2025"],
      ["Meu portfólio de fotografia de retratos", "https://www.portfolio.example.com/retratos"],
      ["Fale comigo", "mailto:ana@example.com"],
    ]) {
      await page.request.post("/api/links", { data: { title, url, highlighted: title === "Fale comigo" } });
    }
    await page.goto("/dashboard");
    await expect(rows(page)).toHaveCount(3);
    const first = rows(page).first();
    await expect(first.getByTestId("link-title")).toHaveText("Meu portfólio de fotografia de casamentos");
    const title = await first.getByTestId("link-title").evaluate((el) => ({
      lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
      clipped: el.scrollWidth > el.clientWidth,
    }));
    expect(title.lines).toBeGreaterThanOrEqual(1);
    expect(title.lines).toBeLessThanOrEqual(2);
    expect(title.clipped).toBe(false);
    await expect(first.getByTestId("link-host")).toHaveText("portfolio.example.com/casamentos/2025");
    await expect(rows(page).nth(2).getByTestId("link-host")).toHaveText("ana@example.com");
    await expect(rows(page).nth(2)).toContainText("Destaque");
    for (const name of [
      "Mover Meu portfólio de fotografia de casamentos para baixo",
      "Editar Meu portfólio de fotografia de casamentos",
      "Excluir Meu portfólio de fotografia de casamentos",
    ]) {
      const box = (await page.getByRole(/^Editar/.test(name) ? "link" : "button", { name }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(box.width).toBeGreaterThanOrEqual(32);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, "rich-dashboard-375");
    await atBothWidths(page, "dashboard with badges");
    await page.setViewportSize(DESKTOP);
    await snap(page, "rich-dashboard-1280");
  });

  test("apply a theme, change shape and style, see the contrast warning, save, and the public page matches", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const u = await signUpAndIn(page);
    for (const [title, url] of [
      ["Minha loja", "https://loja.example.com"],
      ["Último vídeo", "https://youtube.com/watch?v=abc"],
    ]) {
      await page.request.post("/api/links", { data: { title, url } });
    }
    await page.goto("/cover");
    await page.getByRole("button", { name: "Aplicar o tema Noite" }).click();
    await expect(page.getByRole("button", { name: "Aplicar o tema Noite" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("contrast-warning")).toHaveText("");
    await page.getByText("Quadrado", { exact: true }).click();
    await page.getByText("Contorno", { exact: true }).click();
    await page.getByText("Com serifa", { exact: true }).click();
    await expect(page.getByTestId("phone-preview").locator(".vp")).toHaveClass(/vp-s-outline vp-sh-square vp-f-serif/);
    await atBothWidths(page, "cover page with a theme");

    // A pale font on the dark theme's background is fine; on white it is not.
    await page.getByRole("tab", { name: "Fundo" }).click();
    await page.getByLabel("Código hexadecimal").first().fill("#ffffff");
    await page.getByLabel("Código hexadecimal").first().blur();
    await expect(page.getByTestId("contrast-page")).toHaveText(/1,0:1/);
    await expect(page.getByTestId("contrast-warning")).toHaveText(
      "Contraste baixo: abaixo de 4,5:1 o texto fica difícil de ler. Escolha cores mais distantes.",
    );
    // (axe rightly flags the preview now: it shows the low contrast being warned about.)
    await snap(page, "rich-cover-warning-375");

    await page.getByRole("button", { name: "Aplicar o tema Noite" }).click();
    await expect(page.getByTestId("contrast-warning")).toHaveText("");
    await page.getByText("Quadrado", { exact: true }).click();
    await page.getByText("Sombra", { exact: true }).click();
    await page.getByRole("button", { name: "Salvar Alterações" }).click();
    await page.waitForURL("**/dashboard");

    await page.goto(`/${u.username}`);
    const button = page.getByRole("link", { name: "Minha loja" });
    await expect(page.locator(".vp")).toHaveClass(/vp-s-shadow vp-sh-square vp-f-sans/);
    const look = await button.evaluate((el) => ({
      radius: getComputedStyle(el).borderTopLeftRadius,
      shadow: getComputedStyle(el).boxShadow,
      bg: getComputedStyle(document.body).backgroundColor,
    }));
    expect(look).toMatchObject({ radius: "4px", bg: "rgb(15, 23, 42)" });
    expect(look.shadow).toContain("4px 4px 0px");
  });

  test("every preset theme's public page, with a thumbnail, a section and a highlighted link", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const u = await signUpAndIn(page);
    await page.request.post("/api/links", { data: { title: "Minha loja", url: "https://loja.example.com", highlighted: true } });
    await page.request.post("/api/links", { data: { kind: "header", title: "Redes" } });
    const insta = await (await page.request.post("/api/links", { data: { title: "Instagram", url: "https://instagram.com/ana" } })).json();
    await page.request.post("/api/links", { data: { title: "TikTok", url: "https://tiktok.com/@ana" } });
    await page.request.post("/api/links", { data: { title: "E-mail", url: "mailto:ana@example.com" } });
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#ec4899" } })
      .png()
      .toBuffer();
    const thumb = await page.request.post(`/api/links/${insta.id}/thumbnail`, {
      multipart: { thumbnail: { name: "t.png", mimeType: "image/png", buffer: png } },
    });
    expect(thumb.status()).toBe(200);
    for (const theme of THEMES) {
      const { id, name: _name, ...look } = theme;
      const res = await page.request.post("/api/user/cover", { multipart: Object.fromEntries(Object.entries(look).map(([k, v]) => [k, String(v)])) });
      expect(res.status()).toBe(200);
      await page.goto(`/${u.username}`);
      await expect(page.locator(".vp")).toHaveClass(new RegExp(`vp-s-${look.buttonStyle} vp-sh-${look.buttonShape} vp-f-${look.fontFamily}`));
      await expect(page.locator(".vp-thumb")).toHaveCount(1);
      await expectNoViolations(page, `public page, theme ${id}`);
      await snap(page, `theme-${id}-375`);
    }
  });

  test("import a CSV with one bad row: preview with the row's error, confirm, the good rows appear", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signUpAndIn(page);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Importar" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Importar links" })).toBeVisible();
    const csv = "titulo,url,ativo\nLoja,https://loja.example.com,sim\nQuebrado,javascript:alert(1),sim\nBlog,blog.example.com,não\n";
    await dialog.getByLabel("Arquivo").setInputFiles({ name: "links.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(dialog.getByTestId("import-summary")).toHaveText("2 links prontos para importar; 1 linha com erro.");
    await expect(dialog.getByTestId("import-errors")).toHaveText("Linha 2: URL inválida");
    await atBothWidths(page, "import preview");
    await snap(page, "rich-import-preview-375");
    expect(await (await page.request.get("/api/links")).json()).toEqual([]);
    await dialog.getByRole("button", { name: "Importar 2 links" }).click();
    await expect(toast(page)).toContainText("2 links importados com sucesso");
    await expect.poll(() => titles(page)).toEqual(["Loja", "Blog"]);
    await expect(page.getByRole("switch", { name: "Mostrar Blog no perfil" })).not.toBeChecked();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportar CSV" }).click();
    expect((await download).suggestedFilename()).toBe("vitrine-links.csv");
  });
});
