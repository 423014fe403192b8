import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { decodeQr } from "../helpers/qr";
import { DESKTOP, PHONE, interactive } from "./helpers";
import { signUpAndIn } from "./session";

// Issue 49 the way a creator meets it: 'Trazer do Linktree' in 'Adicionar
// link' against the stand-in Linktree (playwright.config.ts starts it and
// points LINKTREE_ORIGIN at it), the links on the public page in Linktree's
// order, and the share card's PNG download read back by a QR decoder.

async function axeAtBothSizes(page: Page, label: string) {
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

test("brings a Linktree page's links in order, then downloads the page's QR code, which reads its address", async ({ page, baseURL }) => {
  test.slow();
  await page.setViewportSize(PHONE);
  const u = await signUpAndIn(page);
  const name = `lt_${Date.now().toString(36)}`;

  // From 'Páginas': the page's own 'Trazer do Linktree' opens 'Adicionar link' with the import unfolded.
  await page.goto("/pages");
  await page.getByRole("link", { name: `Trazer do Linktree para @${u.username}` }).click();
  await page.waitForURL(`**/dashboard/add?page=${u.username}&de=linktree`);
  await interactive(page);
  await expect(page.getByTestId("from-linktree")).toHaveAttribute("open", "");
  await page.getByLabel("Endereço do seu Linktree").fill(`linktr.ee/${name}`);
  await page.getByRole("button", { name: "Ver o que vem" }).click();

  const preview = page.getByRole("region", { name: "O que vem do Linktree" });
  await expect(preview.getByText("3 links vêm para a sua página")).toBeVisible();
  await expect(preview.getByTestId("linktree-links").locator("li > span:first-child")).toHaveText(["Primeiro link", "Segundo link", "Terceiro link"]);
  await expect(preview.getByTestId("linktree-skipped")).toContainText("Desativado: Desativado no Linktree");
  await expect(preview.getByTestId("linktree-skipped")).toContainText("Primeiro de novo: Repetido no Linktree");
  await expect(preview).toContainText("A bio vem para a sua página");
  await axeAtBothSizes(page, "the Linktree preview");

  await page.setViewportSize(PHONE);
  await preview.getByRole("button", { name: "Importar" }).click();
  await page.waitForURL(`**/dashboard?page=${u.username}`);
  await expect(page.locator("[data-slot=toast]").first()).toContainText("3 links importados do Linktree");

  // The share card: the server's QR code, both downloads.
  const qr = page.getByRole("img", { name: /QR code que abre/ });
  await expect(qr).toBeVisible();
  await expect(page.getByRole("link", { name: "Baixar SVG" })).toBeVisible();
  await axeAtBothSizes(page, "the dashboard");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Baixar PNG" }).click()]);
  expect(download.suggestedFilename()).toBe(`vitrine-${u.username}-qrcode.png`);
  const png = readFileSync(await download.path());
  expect(await decodeQr(new Uint8Array(png))).toBe(`${baseURL}/${u.username}`);

  // The public page: Linktree's links after the page's own (none here), in Linktree's order, and its bio.
  await page.goto(`/${u.username}`);
  await expect(page.getByText(`Bio de ${name} no Linktree`)).toBeVisible();
  const titles = page.getByRole("link", { name: /^(Primeiro|Segundo|Terceiro) link$/ });
  await expect(titles).toHaveText(["Primeiro link", "Segundo link", "Terceiro link"]);
});
