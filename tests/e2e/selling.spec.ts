import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { PHONE, snap } from "./helpers";
import { verifyAddress } from "./mail";
import { signUpAndIn } from "./session";

// Issue 58: selling with Pix as a creator and a buyer meet it on a phone,
// against the Mercado Pago stand-in both legs are configured with
// (playwright.config.ts). The owner connects (the stand-in's consent page
// sends the browser back with a code), adds a file product (and uploads its
// file) and a tip; a visitor buys the product, the stand-in approves the
// payment and sends its signed notification, and the checkout page says
// `Pagamento confirmado` by itself; the buyer downloads the file (its bytes);
// the same without JavaScript through 'Já paguei'; the owner sees the sale on
// 'Vendas' and refunds it, and the download is refused from then on. axe with
// the WCAG 2.2 AA rules on the checkout page, the order page and 'Vendas'.

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const STAND_IN = process.env.E2E_MERCADOPAGO_URL!;
const PDF = Buffer.from("%PDF-1.4\n% Receitas da vovó\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");

async function axeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG)
    .options({ rules: { "target-size": { enabled: true } } })
    .analyze();
  const found = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(found, `axe (WCAG 2.2 AA) on ${label} at 375 px`).toEqual([]);
}

/** The stand-in approves the order's payment and, with `notify`, sends Mercado Pago's signed notification to the app. */
async function approve(request: APIRequestContext, orderId: string, notify: boolean) {
  const res = await request.post(`${STAND_IN}/_stand-in/payments/${orderId}/approve`, { data: { notify } });
  expect(res.status()).toBe(200);
  const answer = await res.json();
  if (notify) expect(answer.notification?.status).toBe(200);
}

/** The owner connects the page's Mercado Pago account from 'Vendas' (the stand-in consents at once). */
async function connect(page: Page) {
  await page.goto("/dashboard/vendas");
  await expect(page.getByRole("heading", { level: 1, name: "Vendas" })).toBeVisible();
  await page.getByRole("link", { name: "Conectar Mercado Pago" }).click();
  await page.waitForURL("**/dashboard/vendas**");
  await expect(page.getByTestId("sales-connection")).toContainText(/Conectada \(vendedor \d+\) desde \d{2}\/\d{2}\/\d{4}/);
}

/** Fills the checkout form and asks for the Pix; answers the order's id. */
async function buy(page: Page, buyer: { name: string; email: string; cpf: string }) {
  await page.getByLabel("Nome").fill(buyer.name);
  await page.getByLabel("E-mail").fill(buyer.email);
  await page.getByLabel("CPF (opcional)").fill(buyer.cpf);
  await page.getByRole("button", { name: "Pagar com Pix" }).click();
  await expect(page.getByRole("img", { name: /QR code do Pix de R\$ 29,90/ })).toBeVisible();
  const code = await page.getByLabel("Código Pix").inputValue();
  expect(code).toMatch(/^000201/);
  const orderId = new URL(page.url()).searchParams.get("pedido");
  expect(orderId).toBeTruthy();
  return orderId!;
}

test("the owner connects and sells a file and tips; a buyer pays by Pix and downloads; the owner refunds at 375 px", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const ana = await signUpAndIn(page);

  // (a) 'Vendas' from the dashboard; the connection through the stand-in's consent page.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Vendas" }).click();
  await connect(page);

  // A file product, its file uploaded on its edit screen.
  await page.goto("/dashboard/add?kind=product");
  await page.getByLabel("Nome do produto").fill("E-book de receitas");
  await page.getByLabel("Preço").fill("29,90");
  await page.getByRole("button", { name: "Adicionar" }).click();
  await page.waitForURL("**/dashboard/edit/**");
  await page.getByTestId("product-file-input").setInputFiles({ name: "receitas.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(page.getByTestId("product-file")).toContainText("receitas.pdf");
  // A tip.
  await page.goto("/dashboard/add?kind=tip");
  await page.getByLabel("Texto do bloco").fill("Apoie meu trabalho");
  await page.getByLabel("Valor 1").fill("5,00");
  await page.getByRole("button", { name: "Adicionar" }).click();
  await page.waitForURL(/\/dashboard(\?|$)/);

  // (b) A visitor buys the product from the public page.
  const visitor = await browser.newContext({ viewport: PHONE });
  const buyer = await visitor.newPage();
  await buyer.goto(`/${ana.username}`);
  await expect(buyer.getByText("Apoie meu trabalho")).toBeVisible();
  await expect(buyer.getByText("R$ 29,90")).toBeVisible();
  await buyer
    .getByRole("link", { name: /Comprar/ })
    .first()
    .click();
  await buyer.waitForURL(`**/${ana.username}/comprar/**`);
  await axeClean(buyer, "the checkout form");
  const orderId = await buy(buyer, { name: "Bia Lima", email: "bia@exemplo.com", cpf: "123.456.789-09" });
  await snap(buyer, "ui58-checkout-pix-375");
  await axeClean(buyer, "the checkout's Pix");
  // Mercado Pago approves and notifies: the page turns by itself, without a reload.
  let reloaded = false;
  buyer.on("framenavigated", (frame) => {
    if (frame === buyer.mainFrame()) reloaded = true;
  });
  await approve(buyer.request, orderId, true);
  await expect(buyer.getByText("Pagamento confirmado")).toBeVisible({ timeout: 20_000 });
  expect(reloaded).toBe(false);
  await snap(buyer, "ui58-checkout-pago-375");
  await buyer.getByRole("link", { name: "Ver meu pedido" }).click();
  await buyer.waitForURL(`**/${ana.username}/pedido/${orderId}**`);
  await axeClean(buyer, "the order page");
  const orderUrl = buyer.url();
  const [download] = await Promise.all([buyer.waitForEvent("download"), buyer.getByRole("link", { name: "Baixar arquivo" }).click()]);
  const bytes = await download.createReadStream().then(
    (stream) =>
      new Promise<Buffer>((resolve, reject) => {
        const parts: Buffer[] = [];
        stream.on("data", (c: Buffer) => parts.push(c));
        stream.on("end", () => resolve(Buffer.concat(parts)));
        stream.on("error", reject);
      }),
  );
  expect(bytes.equals(PDF)).toBe(true);

  // The statistics count the checkout and the paid order.
  await page.goto("/dashboard/stats");
  await expect(page.getByTestId("stat-checkouts")).toHaveText("1");
  await expect(page.getByTestId("stat-orders")).toHaveText("1");
  await expect(page.getByTestId("stat-revenue")).toHaveText("R$ 29,90");
  await expect(page.getByTestId("sales-by-day")).toContainText("R$ 29,90");

  // (d) The owner sees the sale and refunds it.
  await page.goto("/dashboard/vendas");
  const row = page.getByTestId("order").filter({ hasText: "Bia Lima" });
  await expect(row).toContainText("E-book de receitas");
  await expect(row).toContainText("bia@exemplo.com");
  await expect(row).toContainText("***.456.789-**");
  await expect(row).toContainText("R$ 29,90");
  await expect(row.getByTestId("order-status")).toHaveText("Pago");
  await expect(page.getByTestId("sales-totals")).toContainText("R$ 29,90");
  await snap(page, "ui58-vendas-375");
  await axeClean(page, "Vendas");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await row.getByRole("button", { name: "Estornar E-book de receitas de Bia Lima" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("R$ 29,90");
  await expect(dialog).toContainText("Bia Lima");
  await dialog.getByRole("button", { name: "Estornar" }).click();
  await expect(page.getByText("Pedido de R$ 29,90 estornado", { exact: true })).toBeVisible();
  await expect(row.getByTestId("order-status")).toHaveText("Estornado");
  await expect(row.getByRole("button", { name: /Estornar/ })).toHaveCount(0);

  // The download is closed.
  await buyer.goto(orderUrl);
  await expect(buyer.getByText("Este pedido foi estornado: o acesso foi encerrado.")).toBeVisible();
  await expect(buyer.getByRole("link", { name: "Baixar arquivo" })).toHaveCount(0);
  const href = `/api/orders/${orderId}/download?t=${new URL(orderUrl).searchParams.get("t")}`;
  expect((await buyer.request.get(href)).status()).toBe(403);
  await visitor.close();
});

test("a buyer without JavaScript pays through 'Já paguei' at 375 px", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const ana = await signUpAndIn(page);
  await connect(page);
  const created = await page.request.post("/api/links", {
    data: { kind: "product", title: "Guia de viagem", product: { priceCents: 2990, delivery: "file" } },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await page.request.post(`/api/products/${id}/file?name=guia.pdf`, { data: PDF, headers: { "content-type": "application/pdf" } })).status()).toBe(201);

  const visitor = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const buyer = await visitor.newPage();
  await buyer.goto(`/${ana.username}`);
  await buyer
    .getByRole("link", { name: /Comprar/ })
    .first()
    .click();
  await buyer.waitForURL(`**/${ana.username}/comprar/${id}**`);
  const orderId = await buy(buyer, { name: "Caio Reis", email: "caio@exemplo.com", cpf: "" });
  // No notification: 'Já paguei' asks Mercado Pago.
  await approve(buyer.request, orderId, false);
  await buyer.getByRole("button", { name: "Já paguei" }).click();
  await expect(buyer.getByText("Pagamento confirmado")).toBeVisible();
  await buyer.getByRole("link", { name: "Ver meu pedido" }).click();
  const link = buyer.getByRole("link", { name: "Baixar arquivo" });
  const res = await buyer.request.get((await link.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  expect(Buffer.from(await res.body()).equals(PDF)).toBe(true);
  await visitor.close();
});

// The e2e server makes admin@vitrine.test an administrator (ADMIN_EMAILS) once its address is verified
// (tests/e2e/admin.spec.ts; the account may exist already from another spec, with this password).
const ADMIN = { name: "Admin Vitrine", username: "vitrine_admin", phone: "(11) 91234-5678", email: "admin@vitrine.test", password: "segredo123" };

test("an administrator sees every page's orders with the platform's totals and refunds one at 375 px", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const ana = await signUpAndIn(page);
  await connect(page);
  const created = await page.request.post("/api/links", {
    data: { kind: "product", title: "Mentoria", product: { priceCents: 15_000, delivery: "link", url: "https://agenda.exemplo.com" } },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const visitor = await browser.newContext({ viewport: PHONE });
  const buyer = await visitor.newPage();
  await buyer.goto(`/${ana.username}/comprar/${id}`);
  await buyer.getByLabel("Nome").fill("Duda Alves");
  await buyer.getByLabel("E-mail").fill("duda@exemplo.com");
  await buyer.getByRole("button", { name: "Pagar com Pix" }).click();
  await expect(buyer.getByLabel("Código Pix")).toBeVisible();
  await approve(buyer.request, new URL(buyer.url()).searchParams.get("pedido")!, true);
  await expect(buyer.getByText("Pagamento confirmado")).toBeVisible({ timeout: 20_000 });
  await visitor.close();

  const adminContext = await browser.newContext({ viewport: PHONE });
  const admin = await adminContext.newPage();
  const res = await admin.request.post("/api/register", { data: ADMIN });
  if (res.status() === 409) expect((await admin.request.post("/api/login", { data: { username: ADMIN.email, password: ADMIN.password } })).status()).toBe(200);
  else expect(res.status()).toBe(201);
  await verifyAddress(admin.request, ADMIN.email);
  await admin.goto("/admin");
  await admin.getByRole("tab", { name: "Pedidos" }).click();
  await expect(admin).toHaveURL(/tab=orders/);
  await expect(admin.getByTestId("admin-order-totals")).toContainText("Taxas da plataforma");
  const row = admin.getByTestId("admin-order").filter({ hasText: `@${ana.username}` });
  await expect(row).toContainText("Mentoria");
  await expect(row).toContainText("R$ 150,00");
  await expect(row).toContainText("Pago");
  await snap(admin, "ui58-admin-pedidos-375");
  await row.getByRole("button", { name: `Estornar Mentoria de @${ana.username}` }).click();
  await expect(admin.getByRole("alertdialog")).toContainText("R$ 150,00");
  await admin.getByRole("alertdialog").getByRole("button", { name: "Estornar" }).click();
  await expect(row).toContainText("Estornado");
  await expect(row.getByRole("button", { name: /Estornar/ })).toHaveCount(0);
  await adminContext.close();
});
