import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type Request } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { hasError, isStaticPix, parsePix } from "pix-utils";
import { DESKTOP, PHONE, interactive, snap } from "./helpers";
import { signUpAndIn } from "./session";

// Issue 26's blocks the way a person meets them: the owner adds a Pix block
// and a player by keyboard on a phone; a visitor opens the Pix block, copies
// the code, reads the QR code, and presses play, with every request the page
// makes counted (nothing to a third party until play).

const toast = (page: Page) => page.locator("[data-slot=toast]").first();
/** A phone's browser (headless Chromium names itself, and the counts leave bots out). */
const PERSON_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

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

/** Presses Tab until `target` has the focus (at most 40 times). */
async function tabTo(page: Page, target: ReturnType<Page["getByLabel"]>) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("never reached by Tab");
}

async function clicksOf(page: Page, id: string): Promise<number> {
  const links = (await (await page.request.get("/api/links")).json()) as { id: string; clicks: number }[];
  return links.find((l) => l.id === id)?.clicks ?? -1;
}

test.describe("creator blocks", () => {
  test("Pix: added by keyboard at 375 px with the LGPD warning and a live preview; the visitor opens it, copies the code and reads the QR code", async ({
    page,
    browser,
    context,
  }) => {
    test.slow();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize(PHONE);
    const u = await signUpAndIn(page);
    await page.goto("/dashboard");
    await interactive(page);
    await page.getByRole("link", { name: "Adicionar Pix" }).click();
    await page.waitForURL("**/dashboard/add?kind=pix");
    await expect(page.getByRole("heading", { name: "Adicionar Pix" })).toBeVisible();
    await page.waitForLoadState("networkidle");

    // A save with nothing filled in: each field says why, nothing is stored.
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(page.getByText("Chave Pix inválida")).toBeVisible();
    await expect(page.getByText("Informe o nome de quem recebe")).toBeVisible();
    await expectNoViolations(page, "the Pix form with errors");

    await tabTo(page, page.getByLabel("Texto do botão"));
    await page.keyboard.type("Me pague um café");
    await tabTo(page, page.getByLabel("Chave Pix"));
    await page.keyboard.type("529.982.247-25");
    await expect(page.getByRole("note")).toContainText("ficará pública");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("123e4567-e12b-12d1-a456-426655440000");
    await expect(page.getByRole("note")).toHaveCount(0);
    await tabTo(page, page.getByLabel("Nome de quem recebe"));
    await page.keyboard.type("Ana Souza");
    await tabTo(page, page.getByLabel("Cidade"));
    await page.keyboard.type("São Paulo");
    await tabTo(page, page.getByLabel("Valor (opcional)"));
    await page.keyboard.type("12,50");
    await expect(page.getByTestId("pix-preview-code")).toContainText("540512.50");
    await expect(page.getByTestId("pix-preview").getByRole("img", { name: "QR Code do Pix" })).toBeVisible();
    await expectNoViolations(page, "the Pix form at 375 px");
    await snap(page, "pix-form-375");
    await tabTo(page, page.getByRole("button", { name: "Adicionar", exact: true }));
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboard");
    await expect(toast(page)).toContainText("Pix adicionado com sucesso");
    const row = page.getByTestId("link-row").filter({ hasText: "Me pague um café" });
    await expect(row.getByTestId("link-badge")).toHaveText("Pix");
    const id = (await row.getAttribute("data-id"))!;

    // The visitor (another browser, no session): the block opens by keyboard and counts one click.
    const visitor = await browser.newContext({ viewport: PHONE, locale: "pt-BR", userAgent: PERSON_UA, permissions: ["clipboard-read", "clipboard-write"] });
    const v = await visitor.newPage();
    await v.goto(`/${u.username}`);
    const summary = v.locator("summary", { hasText: "Me pague um café" });
    await summary.focus();
    await v.keyboard.press("Enter");
    const code = await v.getByLabel("Pix copia e cola").inputValue();
    const parsed = parsePix(code);
    if (hasError(parsed) || !isStaticPix(parsed)) throw new Error("not a static Pix code");
    expect(parsed).toMatchObject({
      pixKey: "123e4567-e12b-12d1-a456-426655440000",
      merchantName: "Ana Souza",
      merchantCity: "Sao Paulo",
      transactionAmount: 12.5,
    });
    await v.getByRole("button", { name: "Copiar código" }).click();
    await expect(v.getByRole("status")).toHaveText("Código copiado");
    expect(await v.evaluate(() => navigator.clipboard.readText())).toBe(code);
    // The QR code on the screen is the code.
    const shot = await v.getByRole("img", { name: "QR Code do Pix" }).screenshot();
    const { data, info } = await sharp(shot).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(code);
    await expectNoViolations(v, "the public Pix block, open");
    await snap(v, "pix-public-375");
    await expect.poll(() => clicksOf(page, id)).toBe(1);
    await visitor.close();

    // Without JavaScript the block still opens and shows the code; the copy button stays hidden.
    const plain = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const p = await plain.newPage();
    await p.goto(`/${u.username}`);
    await p.locator("summary", { hasText: "Me pague um café" }).click();
    await expect(p.getByLabel("Pix copia e cola")).toHaveValue(code);
    await expect(p.getByRole("button", { name: "Copiar código" })).toBeHidden();
    await plain.close();
  });

  test("player: added with a live preview; the page asks no third party for anything until play, then only the player's host, in a frame the CSP allows", async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(PHONE);
    const u = await signUpAndIn(page);
    await page.request.post("/api/links", { data: { title: "Loja", url: "https://loja.example.com" } });
    await page.goto("/dashboard");
    await interactive(page);
    await page.getByRole("link", { name: "Adicionar vídeo ou música" }).click();
    await page.waitForURL("**/dashboard/add?kind=embed");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Endereço do vídeo ou da música").fill("https://vimeo.com/76979871");
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(page.getByText("Este endereço não pode ser incorporado")).toBeVisible();
    await page.getByLabel("Endereço do vídeo ou da música").fill("https://youtu.be/dQw4w9WgXcQ");
    await page.getByLabel("Título (opcional)").fill("Meu clipe novo");
    await expect(page.getByTestId("embed-preview")).toContainText("Meu clipe novo");
    await expectNoViolations(page, "the player form at 375 px");
    await snap(page, "embed-form-375");
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    await page.waitForURL("**/dashboard");
    await expect(toast(page)).toContainText("Player adicionado com sucesso");
    const row = page.getByTestId("link-row").filter({ hasText: "Meu clipe novo" });
    const id = (await row.getAttribute("data-id"))!;

    const visitor = await browser.newContext({ viewport: PHONE, locale: "pt-BR", userAgent: PERSON_UA });
    const v = await visitor.newPage();
    const origin = new URL(page.url()).origin;
    const asked: string[] = [];
    v.on("request", (r: Request) => asked.push(r.url()));
    // This machine cannot reach YouTube: the player's host is answered here, so the frame can be seen to load.
    await visitor.route("https://www.youtube-nocookie.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title><p id=p>tocando</p>" }),
    );
    const refused: string[] = [];
    v.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await v.goto(`/${u.username}`);
    await v.waitForLoadState("networkidle");
    await expectNoViolations(v, "the public page with a player");
    await snap(v, "embed-public-375");
    expect(asked.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"))).toEqual([]);

    await v.getByRole("link", { name: "Tocar: Meu clipe novo" }).click();
    const frame = v.frameLocator('iframe[title="Tocar: Meu clipe novo"]');
    await expect(frame.locator("#p")).toHaveText("tocando");
    const outside = asked.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"));
    expect(outside).toEqual(["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"]);
    expect(refused).toEqual([]);
    expect(v.url()).toBe(`${origin}/${u.username}`);
    await expect.poll(() => clicksOf(page, id)).toBe(1);
    await visitor.close();

    // The CSP allows frames from the two players' hosts and nowhere else.
    const csp = (await page.request.get(`/${u.username}`)).headers()["content-security-policy"];
    expect(csp).toContain("frame-src https://www.youtube-nocookie.com https://open.spotify.com;");
    await page.setViewportSize(DESKTOP);
  });
});
