import http from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { DESKTOP, PHONE } from "./helpers";
import { verifyAddress } from "./mail";
import { registerViaApi, uniqueUser } from "./users";

// The public API and webhooks (issue #48): a key made in 'Chaves de API' (the 'Integrações' tab)
// calls GET /api/links from the test; a webhook to a receiver on 127.0.0.1
// (the servers run with ALLOW_PRIVATE_OUTBOUND=1) gets 'Enviar teste', and
// the delivery shows in the card; both are deleted (after a confirmation)
// and the key is refused from then on.

async function expectNoViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe on ${label}`,
  ).toEqual([]);
}

test("create an API key, call GET /api/links with it, add a webhook and see 'Enviar teste' delivered", async ({ page, playwright, baseURL }) => {
  // Two screens, two axe runs and a delivery: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const received: { headers: Record<string, string>; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  try {
    const ana = uniqueUser();
    await registerViaApi(page.request, ana);
    // A key needs a verified address (403 'Confirme seu e-mail primeiro').
    await verifyAddress(page.request, ana.email);
    expect((await page.request.post("/api/login", { data: { username: ana.email, password: ana.password } })).status()).toBe(200);
    expect((await page.request.post("/api/links", { data: { title: "Minha loja", url: "https://loja.example" } })).status()).toBe(201);

    // 'Chaves de API' (the Integrações tab), at 375 px and by keyboard.
    await page.setViewportSize(PHONE);
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Integrações" }).click();
    const keys = page.getByRole("form", { name: "Criar chave" });
    await keys.getByLabel("Nome").fill("Integração CRM");
    await keys.getByRole("checkbox", { name: "Ver os links" }).check();
    await keys.getByRole("button", { name: "Criar chave" }).focus();
    await page.keyboard.press("Enter");
    const key = (await page.getByTestId("new-api-key").textContent())!;
    expect(key).toMatch(/^vt_/);
    await expect(page.getByTestId("api-key-row")).toContainText("Integração CRM");
    await expectNoViolations(page, "Chaves de API at 375 px");

    // The key from outside the browser: no cookie.
    const outside = await playwright.request.newContext({ baseURL });
    const listed = await outside.get("/api/links", { headers: { authorization: `Bearer ${key}` } });
    expect(listed.status()).toBe(200);
    expect(listed.headers()["ratelimit-limit"]).toBe("120");
    expect((await listed.json()).map((l: { title: string }) => l.title)).toEqual(["Minha loja"]);
    expect((await outside.get("/api/user", { headers: { authorization: `Bearer ${key}` } })).status()).toBe(403);
    const spec = await (await outside.get("/api/openapi.json")).json();
    expect(spec.openapi).toBe("3.1.0");
    expect(spec.paths["/api/links"].get["x-scope"]).toBe("links:read");
    await outside.dispose();

    // The readable reference, drawn from that document.
    await page.goto("/docs/api");
    await expect(page.getByRole("heading", { name: "GET /api/links", exact: true })).toBeVisible();

    // 'Webhooks' (the page's settings), at 1280 px.
    await page.setViewportSize(DESKTOP);
    await page.goto("/settings?aba=integracoes");
    const hooks = page.getByRole("form", { name: "Adicionar webhook" });
    await hooks.getByLabel("Endereço (URL)").fill(receiverUrl);
    await hooks.getByRole("checkbox", { name: "Link criado" }).check();
    await hooks.getByRole("button", { name: "Adicionar webhook" }).click();
    const secret = (await page.getByTestId("new-webhook-secret").textContent())!;
    expect(secret).toMatch(/^whsec_/);
    const row = page.getByTestId("webhook-row");
    await expect(row).toContainText(receiverUrl);
    await row.getByRole("button", { name: "Enviar teste" }).click();
    await expect(row.getByTestId("webhook-delivery").first()).toContainText(/Teste.*Entregue · HTTP 200/, { timeout: 15_000 });
    expect(received).toHaveLength(1);
    expect((new Webhook(secret).verify(received[0]!.body, received[0]!.headers) as { type: string }).type).toBe("ping");
    await expectNoViolations(page, "Webhooks at 1280 px");

    // Deleting asks first; then the webhook is gone and the key stops working at once.
    await row.getByRole("button", { name: `Excluir o webhook ${receiverUrl}` }).click();
    await page.getByRole("alertdialog", { name: "Excluir o webhook?" }).getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Nenhum webhook ainda.")).toBeVisible();
    await page.getByRole("button", { name: "Excluir a chave Integração CRM" }).click();
    await page.getByRole("alertdialog", { name: "Excluir a chave “Integração CRM”?" }).getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Nenhuma chave ainda.")).toBeVisible();
    const later = await playwright.request.newContext({ baseURL });
    expect((await later.get("/api/links", { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
    await later.dispose();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
