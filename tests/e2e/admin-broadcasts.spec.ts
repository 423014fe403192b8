import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { PHONE, snap } from "./helpers";
import { verifyAddress } from "./mail";
import { ADMIN, registerViaApi, signInOrRegister, uniqueUser } from "./users";

// The panel's 'Envios' tab (api.md, Write to your list) at 375 px and by
// keyboard: an administrator pauses a page's sending by its address (a
// confirmation naming the page), the page is listed as paused with its
// reason, its owner's 'Enviar agora' is refused with the server's words, the
// administrator lifts it and the owner's next try meets the list's own rule
// instead. axe (WCAG 2.2 AA, target size on) on the tab and its dialog.

async function axeClean(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).options({ rules: { "target-size": { enabled: true } } }).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(found, `axe on ${label}`).toEqual([]);
}

async function signIn(request: APIRequestContext, email: string, password: string) {
  const res = await request.post("/api/login", { data: { username: email, password } });
  expect(res.status()).toBe(200);
}

const PAUSED = "Os envios desta página estão pausados. Fale com o suporte.";
const NOT_READY = "Sua lista ainda não pode receber envios";

test("an administrator pauses a page's sending from 'Envios', its owner is refused, the administrator lifts it", async ({ page, browser }) => {
  const owner = uniqueUser();
  await registerViaApi(page.request, owner);
  await verifyAddress(page.request, owner.email);
  const handle = `@${owner.username}`;

  // The owner writes a message, in a browser of their own.
  const ownerContext = await browser.newContext({ viewport: PHONE });
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage.request, owner.email, owner.password);
  await ownerPage.goto("/dashboard/broadcasts");
  await ownerPage.getByLabel("Assunto").fill("Promoção de verão");
  await ownerPage.getByLabel("Mensagem", { exact: true }).fill("Tudo com 10% de desconto até domingo.");

  // The administrator opens 'Envios' at a phone's width.
  await signInOrRegister(page.request, ADMIN);
  await page.setViewportSize(PHONE);
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Envios" }).click();
  await expect(page).toHaveURL(/[?&]tab=broadcasts/);
  await expect(page.getByRole("heading", { name: "Envios para listas", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Páginas com envios pausados", level: 3 })).toBeVisible();
  // The list of every page's broadcasts has loaded (rows, or its empty state).
  await expect(page.getByTestId("admin-broadcasts").or(page.getByText("Nenhum envio ainda."))).toBeVisible();
  await axeClean(page, "the 'Envios' tab at 375 px");

  // An address that is no page's: said on the field.
  const field = page.getByLabel("Endereço da página");
  await field.focus();
  await page.keyboard.type("ninguem_aqui_0000");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "Nenhuma página com o endereço @ninguem_aqui_0000." })).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");

  // By keyboard: the owner's address, Enter, and the confirmation names the page.
  await field.fill("");
  await page.keyboard.type(handle);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: `Pausar os envios de ${owner.name} (${handle})?` })).toBeVisible();
  await expect(dialog).toContainText(`Nenhuma mensagem de ${handle} sai para a lista`);
  await axeClean(page, "the pause confirmation at 375 px");
  // Escape leaves it unchanged.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("admin-paused-page").filter({ hasText: handle })).toHaveCount(0);
  await field.focus();
  await page.keyboard.press("Enter");
  const confirm = dialog.getByRole("button", { name: "Pausar envios da página" });
  await expect(confirm).toBeVisible();
  await confirm.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Envios de ${handle} pausados`, { exact: true }).first()).toBeVisible();

  // Listed as paused, with its reason; on the server too.
  const paused = page.getByTestId("admin-paused-page").filter({ hasText: handle });
  await expect(paused).toHaveCount(1);
  await expect(paused).toContainText(`${owner.name} (${handle})`);
  await expect(paused).toContainText("Pausado por um administrador");
  await expect(paused).toContainText(/Pausada em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
  const listed = (await (await page.request.get("/api/admin/broadcasts/pauses")).json()) as { username: string; reason: string; byAdmin: boolean }[];
  expect(listed.filter((p) => p.username === owner.username)).toEqual([expect.objectContaining({ reason: "Pausado por um administrador", byAdmin: true })]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snap(page, "admin-broadcasts-paused-375");
  await axeClean(page, "the 'Envios' tab with a paused page at 375 px");

  // The owner's 'Enviar agora' is refused with the pause's words.
  await ownerPage.getByRole("button", { name: "Enviar agora" }).click();
  const send = ownerPage.getByRole("alertdialog");
  await send.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(send).toHaveCount(0);
  await expect(ownerPage.getByRole("alert").filter({ hasText: PAUSED })).toBeVisible();
  await snap(ownerPage, "admin-broadcasts-owner-refused-375");

  // The administrator lifts it, by keyboard, from the paused page's entry.
  const lift = paused.getByRole("button", { name: `Retomar envios de ${handle}` });
  await lift.focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("heading", { name: `Retomar os envios de ${owner.name} (${handle})?` })).toBeVisible();
  await dialog.getByRole("button", { name: "Retomar envios" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Envios de ${handle} retomados`, { exact: true }).first()).toBeVisible();
  await expect(paused).toHaveCount(0);
  const after = (await (await page.request.get("/api/admin/broadcasts/pauses")).json()) as { username: string }[];
  expect(after.filter((p) => p.username === owner.username)).toEqual([]);

  // The owner's next try is no longer the pause's: a page this young meets the list's own rule.
  await ownerPage.getByRole("button", { name: "Enviar agora" }).click();
  await send.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(send).toHaveCount(0);
  await expect(ownerPage.getByRole("alert").filter({ hasText: NOT_READY })).toBeVisible();
  await expect(ownerPage.getByRole("alert").filter({ hasText: PAUSED })).toHaveCount(0);
  await ownerContext.close();
});
