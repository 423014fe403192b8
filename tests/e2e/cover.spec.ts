import { expect, test } from "@playwright/test";
import { DESKTOP, PHONE, snap } from "./helpers";
import { coverImage } from "./fixtures";
import { signUpAndIn } from "./session";

const toast = (page: import("@playwright/test").Page) => page.locator("[data-slot=toast]").first();

test.describe("cover and colours", () => {
  test("pick a cover, change colours with swatches and the hex box, watch the preview, save, see the public page match, remove", async ({ page }) => {
    const u = await signUpAndIn(page);
    await page.request.post("/api/links", { data: { title: "Minha loja", url: "https://loja.example.com" } });
    await page.goto("/cover");
    await expect(page.getByRole("heading", { name: "Personalizar página" })).toBeVisible();
    const preview = page.getByTestId("phone-preview");
    await expect(preview).toContainText("Minha loja");

    // Client-side checks before anything is sent.
    await page.getByTestId("cover-input").setInputFiles({ name: "nota.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
    await expect(toast(page)).toContainText("Formato inválido");
    await page.getByTestId("cover-input").setInputFiles({ name: "grande.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(toast(page)).toContainText("Arquivo muito grande");

    await page.getByRole("radio", { name: /Retrato/ }).click();
    await page.getByTestId("cover-input").setInputFiles({ name: "capa.jpg", mimeType: "image/jpeg", buffer: await coverImage() });
    await expect(preview.getByRole("img", { name: "Capa do perfil" })).toBeVisible();
    await expect(page.getByText("Opacidade da imagem")).toBeVisible();

    // Opacity with the keyboard (step 5) and the fit select.
    const opacity = page.getByRole("slider").first();
    await opacity.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowLeft");
    await expect(page.getByText("Opacidade da imagem: 80%")).toBeVisible();
    await page.getByLabel("Ajuste da imagem").selectOption({ label: "Conter" });

    // Colours: a swatch for the background, the hex box for the font, a swatch for the buttons.
    await page.getByRole("button", { name: "Cor preto" }).click();
    await expect(preview.locator(".vp")).toHaveCSS("background-color", "rgb(0, 0, 0)");
    await page.getByRole("tab", { name: "Fonte" }).click();
    const hex = page.getByLabel("Código hexadecimal");
    await hex.fill("zz");
    await hex.blur();
    await expect(page.getByText("Use 6 dígitos hexadecimais, como #3b82f6")).toBeVisible();
    await hex.fill("EAB308");
    await expect(preview.locator(".vp")).toHaveCSS("color", "rgb(234, 179, 8)");
    await page.getByRole("tab", { name: "Botões" }).click();
    await page.getByRole("button", { name: "Cor roxo" }).click();
    await expect(preview.locator(".vp-btn").first()).toHaveCSS("color", "rgb(255, 255, 255)");

    await page.setViewportSize(PHONE);
    await snap(page, "cover-375");
    await page.setViewportSize(DESKTOP);
    await snap(page, "cover-1280");

    await page.getByRole("button", { name: "Salvar Alterações" }).click();
    await page.waitForURL("**/dashboard");
    await expect(toast(page)).toContainText("Configurações atualizadas com sucesso");

    await page.goto(`/${u.username}`);
    await expect(page.locator(".vp")).toHaveCSS("background-color", "rgb(0, 0, 0)");
    await expect(page.locator(".vp")).toHaveCSS("color", "rgb(234, 179, 8)");
    const cover = page.getByRole("img", { name: "Capa do perfil" });
    await expect(cover).toHaveCSS("object-fit", "contain");
    await expect(cover).toHaveCSS("opacity", "0.8");
    expect(await cover.getAttribute("src")).toMatch(/^\/uploads\/cover-[0-9a-f]{32}\.webp$/);

    // Remove, with confirmation, back to the dashboard after about 1.5 s.
    await page.goto("/cover");
    await page.getByRole("button", { name: "Remover", exact: true }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Remover imagem de fundo?");
    await page.getByRole("alertdialog").getByRole("button", { name: "Remover" }).click();
    await expect(toast(page)).toContainText("Imagem de fundo removida com sucesso");
    await page.waitForURL("**/dashboard", { timeout: 5_000 });
    await page.goto(`/${u.username}`);
    await expect(page.getByRole("img", { name: "Capa do perfil" })).toHaveCount(0);
  });
});
