import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { linkIn } from "../helpers/mail";
import { PHONE, snap } from "./helpers";
import { countMail, latestMail } from "./mail";
import { registerViaApi, uniqueUser } from "./users";

// Audience (issue #39): the owner adds a sign-up form; a visitor signs up with
// JavaScript (solving the real proof of work) and another without; each
// confirms from the e-mail (a page whose button confirms), one unsubscribes;
// the owner sees them in 'Inscritos'. 375 px, axe on every new screen.

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

async function signIn(request: APIRequestContext, email: string, password: string) {
  const res = await request.post("/api/login", { data: { username: email, password } });
  expect(res.status()).toBe(200);
}

const subject = (name: string) => `Confirme sua inscrição em ${name}`;

/** Opens the confirmation e-mail's link and presses its button. */
async function confirmFromMail(page: Page, email: string, name: string) {
  const mail = await latestMail(email, subject(name));
  const confirm = linkIn(mail, "/inscricao/confirmar");
  await page.goto(confirm);
  await expect(page.getByRole("button", { name: "Confirmar inscrição" })).toBeVisible();
  return { mail, confirm };
}

test.describe("audience: a sign-up form", () => {
  test("add the form; sign up with and without JavaScript; confirm from the e-mail; unsubscribe; 'Inscritos'", async ({ page, browser }) => {
    const owner = uniqueUser();
    await registerViaApi(page.request, owner);
    await page.setViewportSize(PHONE);
    await signIn(page.request, owner.email, owner.password);

    // The owner adds the form from the dashboard's blocks, by its own editor.
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Adicionar inscrição" }).click();
    await page.waitForURL("**/dashboard/add?kind=subscribe");
    await page.getByLabel("Título do formulário").fill("Entre na lista VIP");
    await page.getByRole("switch", { name: "Pedir também o WhatsApp" }).click();
    await expect(page.getByText(`Quero receber novidades de ${owner.name} por e-mail.`, { exact: false })).toBeVisible();
    await expectNoViolations(page, "the sign-up form's editor at 375 px");
    await snap(page, "subscribe-editor-375");
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    await page.waitForURL("**/dashboard");
    const row = page.getByTestId("link-row").filter({ hasText: "Entre na lista VIP" });
    await expect(row.getByText("Inscrição", { exact: true })).toBeVisible();

    // A visitor with JavaScript: no consent → the message; then consent → the proof of work is solved, one e-mail.
    const visitorContext = await browser.newContext({ viewport: PHONE });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/${owner.username}`);
    const form = visitor.locator("form.vp-sub");
    await expect(form.getByText("Entre na lista VIP")).toBeVisible();
    await expectNoViolations(visitor, "the public page with a sign-up form");
    await snap(visitor, "subscribe-block-375");
    const withJs = `com-script-${owner.username}@example.com`;
    await form.getByLabel("Seu e-mail").fill(withJs);
    await form.getByLabel("WhatsApp (opcional)").fill("(11) 98765-4321");
    await form.getByRole("button", { name: "Inscrever-me" }).click();
    await expect(form.getByRole("status")).toHaveText("É preciso aceitar para se inscrever");
    await expect(visitor).toHaveURL(new RegExp(`/${owner.username}$`));
    await form.getByLabel(/Quero receber novidades/).check();
    await form.getByRole("button", { name: "Inscrever-me" }).click();
    await expect(form.getByRole("status")).toHaveText("Confira seu e-mail para confirmar", { timeout: 30_000 });
    await snap(visitor, "subscribe-sent-375");
    // The same answer again, and still one message this hour.
    await form.getByRole("button", { name: "Inscrever-me" }).click();
    await expect(form.getByRole("status")).toHaveText("Confira seu e-mail para confirmar", { timeout: 30_000 });
    await latestMail(withJs, subject(owner.name));
    expect(countMail(withJs, subject(owner.name))).toBe(1);

    // Opening the link confirms nothing (a mail scanner); the button does.
    const { mail } = await confirmFromMail(visitor, withJs, owner.name);
    await expectNoViolations(visitor, "the confirmation page");
    await snap(visitor, "subscribe-confirm-375");
    await visitor.getByRole("button", { name: "Confirmar inscrição" }).click();
    await expect(visitor.getByRole("heading", { name: "Inscrição confirmada" })).toBeVisible();
    await snap(visitor, "subscribe-confirmed-375");

    // A visitor without JavaScript: the plain form, the page comes back saying what happened.
    const plainContext = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const plain = await plainContext.newPage();
    await plain.goto(`/${owner.username}`);
    const noJs = `sem-script-${owner.username}@example.com`;
    const plainForm = plain.locator("form.vp-sub");
    await plainForm.getByLabel("Seu e-mail").fill(noJs);
    await plainForm.getByRole("button", { name: "Inscrever-me" }).click();
    await expect(plain).toHaveURL(/inscricao=.*erro=1/);
    await expect(plain.locator("form.vp-sub").getByText("É preciso aceitar para se inscrever")).toBeVisible();
    // What was typed is kept.
    await expect(plain.locator("form.vp-sub").getByLabel("Seu e-mail")).toHaveValue(noJs);
    await snap(plain, "subscribe-refused-nojs-375");
    await plain
      .locator("form.vp-sub")
      .getByLabel(/Quero receber novidades/)
      .check();
    await plain.locator("form.vp-sub").getByRole("button", { name: "Inscrever-me" }).click();
    await expect(plain).toHaveURL(/inscricao=ok/);
    await expect(plain.locator("form.vp-sub").getByRole("status")).toHaveText("Confira seu e-mail para confirmar");
    await snap(plain, "subscribe-sent-nojs-375");
    await confirmFromMail(plain, noJs, owner.name);
    await plain.getByRole("button", { name: "Confirmar inscrição" }).click();
    await expect(plain.getByRole("heading", { name: "Inscrição confirmada" })).toBeVisible();

    // 'Inscritos': both confirmed, with WhatsApp where given.
    await page.goto("/dashboard/subscribers");
    await expect(page.getByRole("heading", { name: "Inscritos", level: 1 })).toBeVisible();
    const rows = page.getByTestId("subscriber");
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: withJs })).toContainText("+55 (11) 98765-4321");
    await expect(rows.filter({ hasText: withJs })).toContainText("Confirmado");
    // At 375 px the address has the row's width, its status below it (beside the badge it broke into four lines).
    const withJsRow = rows.filter({ hasText: withJs });
    const address = withJsRow.getByText(withJs, { exact: true });
    const [addressBox, rowBox, statusBox] = [
      await address.boundingBox(),
      await withJsRow.boundingBox(),
      await withJsRow.getByTestId("subscriber-status").boundingBox(),
    ];
    expect(addressBox!.width).toBeGreaterThan(rowBox!.width - 40);
    expect(statusBox!.y).toBeGreaterThanOrEqual(addressBox!.y + addressBox!.height);
    expect(await address.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)))).toBeLessThanOrEqual(2);
    await expectNoViolations(page, "'Inscritos' at 375 px");
    await snap(page, "subscribers-375");

    // Unsubscribing (a POST from the e-mail's link) deletes the address at once.
    await visitor.goto(linkIn(mail, "/inscricao/cancelar"));
    await expectNoViolations(visitor, "the unsubscribe page");
    await snap(visitor, "subscribe-unsubscribe-375");
    await visitor.getByRole("button", { name: "Cancelar inscrição" }).click();
    await expect(visitor.getByRole("heading", { name: "Inscrição cancelada" })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("subscriber").filter({ hasText: withJs })).toHaveCount(0);
    await expect(page.getByTestId("subscriber").filter({ hasText: "Endereço apagado" })).toContainText("Cancelou");

    // The owner's CSV holds the remaining address.
    const csv = await page.request.get("/api/subscribers/export");
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text).toContain("email,whatsapp,status,consentido_em,confirmado_em,origem");
    expect(text).toContain(noJs);
    expect(text).not.toContain(withJs);

    await visitorContext.close();
    await plainContext.close();
  });
});
