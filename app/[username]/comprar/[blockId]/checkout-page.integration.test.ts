import { brotliCompressSync, gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { GET as page } from "./route";
import { GET as orderPage } from "@/app/[username]/pedido/[orderId]/route";
import { POST as checkout } from "@/app/api/checkout/[blockId]/route";
import { markPaid } from "@/lib/selling/order-payments";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { connectSeller, sellingOff, useMercadoPagoStandIn } from "@/tests/helpers/mercadopago";
import { params, request } from "@/tests/helpers/request";

// The checkout page (api.md, Buying), without JavaScript: the form posted to
// the checkout route comes back as a 303 to the page with the order's Pix (its
// QR code drawn on the server, the code, the time left, 'Já paguei'); a
// refusal comes back with its message; once paid, 'Já paguei' shows
// `Pagamento confirmado`, and the order page the download. The one script
// is the one the CSP names, and the whole page is under 20 KB compressed.

const standIn = useMercadoPagoStandIn();

async function shop({ file = true }: { file?: boolean } = {}) {
  const owner = await signedInUser({ username: "ana", name: "Ana Souza" });
  const product = await db.link.create({
    data: {
      pageId: owner.user.id,
      kind: "product",
      title: "E-book de receitas",
      url: "",
      order: 0,
      data: { description: "40 receitas", priceCents: 2990, delivery: "file", url: null, stock: null },
    },
  });
  if (file) {
    await db.productFile.create({
      data: { blockId: product.id, storageKey: "c".repeat(64), fileName: "receitas.pdf", contentType: "application/pdf", size: 1234 },
    });
  }
  const course = await db.link.create({
    data: {
      pageId: owner.user.id,
      kind: "product",
      title: "Curso",
      url: "",
      order: 1,
      data: { description: null, priceCents: 5000, delivery: "link", url: "https://curso.exemplo.com/turma", stock: null },
    },
  });
  const tip = await db.link.create({
    data: { pageId: owner.user.id, kind: "tip", title: "Apoie", url: "", order: 2, data: { amountsCents: [500, 1000], allowCustom: true } },
  });
  await connectSeller(standIn.current, owner.user.id, owner.user.id);
  return { owner, product, course, tip };
}

const show = (path: string, cookie = "") => page(request(path, { headers: { cookie } }), params(pathParams(path)));
function pathParams(path: string) {
  const [, username, , blockId] = new URL(path, "http://x").pathname.split("/");
  return { username: username!, blockId: blockId! };
}
function postForm(blockId: string, fields: Record<string, string>) {
  return checkout(
    request(`/api/checkout/${blockId}`, {
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
    }),
    params({ blockId }),
  );
}

it("draws the form, and without JavaScript the form's POST leads to the Pix and, once paid, to `Pagamento confirmado`", async () => {
  const { product } = await shop();
  const form = await show(`/ana/comprar/${product.id}`);
  expect(form.status).toBe(200);
  const html = await form.text();
  expect(html).toContain("E-book de receitas");
  expect(html).toContain("R$ 29,90");
  expect(html).toContain(`action="/api/checkout/${product.id}"`);
  expect(html).not.toContain("<script");

  const posted = await postForm(product.id, { pagina: "ana", bloco: product.id, name: "Bia Lima", email: "bia@exemplo.com", cpf: "" });
  expect(posted.status).toBe(303);
  const location = posted.headers.get("location")!;
  expect(location).toMatch(new RegExp(`^/ana/comprar/${product.id}\\?pedido=[\\w-]+&t=[\\w-]{43}$`));

  const pix = await show(location);
  expect(pix.status).toBe(200);
  expect(pix.headers.get("cache-control")).toBe("private, no-store");
  const body = await pix.text();
  const order = await db.order.findFirstOrThrow();
  expect(body).toContain(order.pixCode!.replace(/&/g, "&amp;"));
  expect(body).toContain("<svg");
  expect(body).toContain("Copiar código");
  expect(body).toContain("Tempo para pagar: 30 min");
  expect(body).toContain("Já paguei");
  // The one inline script, allowed by its hash; nothing else may run.
  const script = /<script>([\s\S]*?)<\/script>/.exec(body)![1]!;
  expect(pix.headers.get("content-security-policy")).toContain(`script-src 'sha256-${createHash("sha256").update(script).digest("base64")}'`);
  const bytes = Buffer.from(body);
  expect(brotliCompressSync(bytes).length).toBeLessThan(20_000);
  expect(gzipSync(bytes).length).toBeLessThan(20_000);

  // Approved at Mercado Pago, its notification lost: 'Já paguei' asks and shows it paid.
  await standIn.current.approve(order.id);
  // A reload alone reads only the database; 'Já paguei' (pago=1) asks Mercado Pago.
  expect(await (await show(location)).text()).toContain('id="pix"');
  const paid = await (await show(`${location}&pago=1`)).text();
  expect(paid).toContain("Pagamento confirmado");
  expect(paid).not.toContain('id="pix"');
  expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("paid");
  const orderLink = /href="(\/ana\/pedido\/[^"]+)"/.exec(paid)![1]!.replace(/&amp;/g, "&");
  const orderRes = await orderPage(request(orderLink), params({ username: "ana", orderId: order.id }));
  const orderHtml = await orderRes.text();
  expect(orderHtml).toContain(`/api/orders/${order.id}/download?t=`);
  expect(orderHtml).toContain("Você pode baixar mais 10 vezes");
});

it("sends a refused form back with its message and values", async () => {
  const { product } = await shop();
  const posted = await postForm(product.id, { pagina: "ana", bloco: product.id, name: "Bia", email: "bia@exemplo.com", cpf: "111.111.111-11" });
  expect(posted.status).toBe(303);
  expect(posted.headers.get("location")).toBe(`/ana/comprar/${product.id}?erro=1`);
  const cookie = posted.headers.get("set-cookie")!.split(";")[0]!;
  const html = await (await show(`/ana/comprar/${product.id}?erro=1`, cookie)).text();
  expect(html).toContain("CPF inválido");
  expect(html).toContain('value="bia@exemplo.com"');
  expect(await db.order.count()).toBe(0);
});

it("offers a tip's amounts, and posts the chosen or typed one", async () => {
  const { tip } = await shop();
  const html = await (await show(`/ana/comprar/${tip.id}?valor=1000`)).text();
  expect(html).toContain('value="1000" checked');
  expect(html).toContain("R$ 5,00");
  const typed = await postForm(tip.id, { pagina: "ana", bloco: tip.id, valor: "outro", outroValor: "12,50", name: "Bia", email: "bia@exemplo.com" });
  expect(typed.status).toBe(303);
  expect((await db.order.findFirstOrThrow()).amountCents).toBe(1250);
});

it("shows a paid link product's address on the order page, and nothing with a wrong token", async () => {
  const { course } = await shop();
  const res = await checkout(request(`/api/checkout/${course.id}`, { body: { name: "Bia", email: "bia@exemplo.com" } }), params({ blockId: course.id }));
  const { orderId, statusUrl } = await res.json();
  const token = new URL(statusUrl, "http://x").searchParams.get("t")!;
  const view = (t: string) => orderPage(request(`/ana/pedido/${orderId}?t=${t}`), params({ username: "ana", orderId }));
  expect(await (await view(token)).text()).not.toContain("curso.exemplo.com");
  await markPaid(orderId);
  expect(await (await view(token)).text()).toContain("https://curso.exemplo.com/turma");
  const wrong = await view("x".repeat(43));
  expect(wrong.status).toBe(404);
  expect(await wrong.text()).not.toContain("curso.exemplo.com");
  expect((await orderPage(request(`/outra/pedido/${orderId}?t=${token}`), params({ username: "outra", orderId }))).status).toBe(404);
});

it("says a file product whose file has not been uploaded is not for sale, with no form", async () => {
  const { product } = await shop({ file: false });
  const res = await show(`/ana/comprar/${product.id}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain("Este produto não está à venda");
  expect(html).not.toContain(`action="/api/checkout/${product.id}"`);
});

it("is missing where selling is off, and for another page's block", async () => {
  const { product } = await shop();
  await signedInUser({ username: "caio" });
  expect((await show(`/caio/comprar/${product.id}`)).status).toBe(404);
  sellingOff();
  expect((await show(`/ana/comprar/${product.id}`)).status).toBe(404);
});
