import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { POST as checkout } from "@/app/api/checkout/[blockId]/route";
import { GET as download } from "./[id]/download/route";
import { POST as refund } from "./[id]/refund/route";
import { GET as status } from "./[id]/status/route";
import { GET as list } from "./route";
import { GET as exportCsv } from "./export/route";
import { unseal } from "@/lib/email/seal";
import { markPaid } from "@/lib/selling/order-payments";
import { privateDir } from "@/lib/selling/product-file-storage";
import { db } from "@/lib/server/db";
import { addMember, signedInUser } from "@/tests/factories";
import { connectSeller, useMercadoPagoStandIn } from "@/tests/helpers/mercadopago";
import { params, request } from "@/tests/helpers/request";

// The buyer served and the refund (api.md, Selling with Pix): a paid order's
// file streamed as an attachment, counted, at most 10 times in 30 days, refused
// with a wrong token, before payment and after a refund; the owner's refund
// through Mercado Pago (refused → 502, nothing changes), closing the download,
// telling the buyer and writing order.refunded; an editor may not refund.

const standIn = useMercadoPagoStandIn();
const BYTES = Buffer.from("%PDF-1.4\n% o livro\n%%EOF\n");

async function paidOrder() {
  const owner = await signedInUser({ username: "ana", name: "Ana Souza" });
  const pageId = owner.user.id;
  const block = await db.link.create({
    data: { pageId, kind: "product", title: "E-book", url: "", order: 0, data: { description: null, priceCents: 2990, delivery: "file", url: null, stock: 1 } },
  });
  const key = randomBytes(32).toString("hex");
  mkdirSync(privateDir(), { recursive: true });
  writeFileSync(path.join(privateDir(), key), BYTES);
  await db.productFile.create({
    data: { blockId: block.id, storageKey: key, fileName: "Receitas da vovó.pdf", contentType: "application/pdf", size: BYTES.length },
  });
  await connectSeller(standIn.current, pageId, owner.user.id);
  await db.webhookEndpoint.create({ data: { pageId, url: "https://receiver.exemplo.com/hook", events: ["order.refunded"], secret: "whsec_teste" } });
  const res = await checkout(request(`/api/checkout/${block.id}`, { body: { name: "Bia", email: "bia@exemplo.com" } }), params({ blockId: block.id }));
  const { orderId, statusUrl } = await res.json();
  const token = new URL(statusUrl, "https://x").searchParams.get("t")!;
  return { owner, pageId, block, orderId, token };
}

const get = (orderId: string, token: string) => download(request(`/api/orders/${orderId}/download?t=${token}`), params({ id: orderId }));
const refundAs = (cookie: string, orderId: string) =>
  refund(request(`/api/orders/${orderId}/refund?page=ana`, { method: "POST", headers: { cookie } }), params({ id: orderId }));

it("streams the file of a paid order as an attachment, at most 10 times", async () => {
  const { orderId, token } = await paidOrder();
  const early = await get(orderId, token);
  expect([early.status, (await early.json()).message]).toEqual([403, "Este pedido ainda não foi pago."]);
  await standIn.current.approve(orderId);
  await markPaid(orderId);
  for (let i = 0; i < 10; i++) {
    const res = await get(orderId, token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="Receitas da vovo.pdf"; filename*=UTF-8''Receitas%20da%20vov%C3%B3.pdf`);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(BYTES);
  }
  const over = await get(orderId, token);
  expect([over.status, (await over.json()).message]).toEqual([403, "O limite de downloads deste pedido acabou."]);
  expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).downloads).toBe(10);
});

it("refuses a wrong token, and a download 30 days after payment", async () => {
  const { orderId, token } = await paidOrder();
  await markPaid(orderId, new Date(Date.now() - 31 * 24 * 60 * 60_000));
  expect((await get(orderId, "x".repeat(43))).status).toBe(404);
  expect((await get(orderId, "")).status).toBe(404);
  expect((await get("outro-pedido", token)).status).toBe(404);
  expect((await get(orderId, token)).status).toBe(403);
});

it("refunds through Mercado Pago, closes the download, tells the buyer and sends order.refunded", async () => {
  const { owner, orderId, token, block } = await paidOrder();
  await standIn.current.approve(orderId);
  await markPaid(orderId);
  expect((await get(orderId, token)).status).toBe(200);

  standIn.current.refuseRefunds(1);
  const refused = await refundAs(owner.cookie, orderId);
  expect([refused.status, (await refused.json()).message]).toEqual([502, "Não foi possível estornar"]);
  expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("paid");

  const res = await refundAs(owner.cookie, orderId);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ id: orderId, status: "refunded" });
  const calls = standIn.current.calls.filter((c) => c.path.endsWith("/refunds"));
  expect(calls.every((c) => c.headers["x-idempotency-key"] === `refund-${orderId}`)).toBe(true);
  expect(standIn.current.payment(orderId)!.status).toBe("refunded");

  const closed = await get(orderId, token);
  expect([closed.status, (await closed.json()).message]).toEqual([403, "Este pedido foi estornado: o acesso foi encerrado."]);
  expect(await (await status(request(`/api/orders/${orderId}/status?t=${token}`), params({ id: orderId }))).json()).toMatchObject({ status: "refunded" });
  const mails = await db.outboxMessage.findMany({ where: { to: "bia@exemplo.com" }, orderBy: { createdAt: "asc" } });
  expect(mails.map((m) => m.subject)).toEqual(["Seu pedido de Ana Souza", "Seu pedido de Ana Souza foi estornado"]);
  expect(unseal(mails[1]!.text)).toContain("estornado");
  const events = await db.webhookDelivery.findMany({ where: { type: "order.refunded" } });
  expect(events.map((e) => JSON.parse(e.payload).data)).toEqual([
    { orderId, blockId: block.id, amountCents: 2990, buyer: { name: "Bia", email: "bia@exemplo.com" } },
  ]);
  // Refunded twice: refused, nothing sent again.
  expect((await refundAs(owner.cookie, orderId)).status).toBe(409);
  expect(await db.webhookDelivery.count({ where: { type: "order.refunded" } })).toBe(1);
});

it("lets only an owner refund, and only a paid order of the page", async () => {
  const { owner, pageId, orderId } = await paidOrder();
  const editor = await signedInUser();
  await addMember(pageId, editor.user.id, "editor");
  const stranger = await signedInUser({ username: "caio" });
  expect((await refundAs(owner.cookie, orderId)).status).toBe(409);
  await markPaid(orderId);
  expect((await refundAs(editor.cookie, orderId)).status).toBe(403);
  expect(
    (await refund(request(`/api/orders/${orderId}/refund`, { method: "POST", headers: { cookie: stranger.cookie } }), params({ id: orderId }))).status,
  ).toBe(404);
  expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("paid");
});

it("lists the page's orders newest first with the CPF masked, 50 a page, and exports them as CSV; an editor reads", async () => {
  const { pageId, orderId } = await paidOrder();
  await db.order.update({ where: { id: orderId }, data: { buyerCpf: (await import("@/lib/email/seal")).seal("12345678909") } });
  for (let i = 0; i < 50; i++) {
    await db.order.create({
      data: {
        id: `velho-${i}`,
        pageId,
        kind: "tip",
        title: `Apoio ${i}`,
        amountCents: 500,
        tokenHash: "0".repeat(64),
        expiresAt: new Date(),
        createdAt: new Date(Date.now() - (i + 1) * 60_000),
      },
    });
  }
  const editor = await signedInUser();
  await addMember(pageId, editor.user.id, "editor");
  const first = await (await list(request("/api/orders?page=ana", { headers: { cookie: editor.cookie } }))).json();
  expect(first.items).toHaveLength(50);
  expect(first.items[0]).toMatchObject({
    id: orderId,
    title: "E-book",
    amountCents: 2990,
    status: "pending",
    buyer: { name: "Bia", email: "bia@exemplo.com", cpf: "***.456.789-**" },
  });
  expect(JSON.stringify(first)).not.toContain("12345678909");
  const second = await (await list(request(`/api/orders?page=ana&cursor=${first.nextCursor}`, { headers: { cookie: editor.cookie } }))).json();
  expect([second.items.map((o: { id: string }) => o.id), second.nextCursor]).toEqual([["velho-49"], null]);
  const csv = await (await exportCsv(request("/api/orders/export?page=ana", { headers: { cookie: editor.cookie } }))).text();
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toBe("data,produto,comprador,email,valor,status");
  expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[^,]+,E-book,Bia,bia@exemplo\.com,"29,90",pending$/);
  expect(lines).toHaveLength(52);
});
