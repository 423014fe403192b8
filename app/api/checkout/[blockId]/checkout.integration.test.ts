import { randomUUID } from "node:crypto";
import { POST as checkout } from "./route";
import { POST as notify } from "@/app/api/payments/notify/route";
import { GET as status } from "@/app/api/orders/[id]/status/route";
import { unseal } from "@/lib/email/seal";
import { runDueJobs } from "@/lib/startup/app-jobs";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { SELLING_APP_URL, connectSeller, sellingOff, useMercadoPagoStandIn } from "@/tests/helpers/mercadopago";
import { signNotification } from "@/tests/helpers/mercadopago-stand-in.mjs";
import { params, request } from "@/tests/helpers/request";

// Buying and confirmation (api.md, Selling with Pix) against the Mercado Pago
// stand-in: one Pix charge per checkout with the idempotency key, the fee and
// the 30-minute expiry; the refusals; the stock never oversold; the signed
// notification (bad signature: nothing; good: paid once however often told,
// the amount checked); the jobs catching a lost notification and freeing an
// expired order's unit; the buyer's receipt and the order.paid event written
// with the payment.

const standIn = useMercadoPagoStandIn({ feePercent: 10 });
const NOT_FOR_SALE = "Este produto não está à venda";

async function shop(options: { stock?: number | null; connected?: boolean; file?: boolean } = {}) {
  const owner = await signedInUser({ username: "ana", name: "Ana Souza" });
  const pageId = owner.user.id;
  const product = await db.link.create({
    data: {
      pageId,
      kind: "product",
      title: "E-book de receitas",
      url: "",
      order: 0,
      data: { description: null, priceCents: 2990, delivery: "file", url: null, stock: options.stock ?? null },
    },
  });
  // Its file uploaded (a file product sells only then).
  if (options.file !== false) {
    await db.productFile.create({
      data: { blockId: product.id, storageKey: randomUUID().replaceAll("-", ""), fileName: "receitas.pdf", contentType: "application/pdf", size: 1234 },
    });
  }
  const tip = await db.link.create({
    data: { pageId, kind: "tip", title: "Apoie", url: "", order: 1, data: { amountsCents: [500, 1000], allowCustom: true } },
  });
  if (options.connected !== false) await connectSeller(standIn.current, pageId, owner.user.id);
  return { owner, pageId, product, tip };
}

let n = 0;
function buy(blockId: string, body: Record<string, unknown> = {}, ip?: string) {
  n += 1;
  return checkout(
    request(`/api/checkout/${blockId}`, { body: { name: "Bia Lima", email: `bia${n}@exemplo.com`, ...body }, ip: ip ?? `198.51.100.${n % 250}` }),
    params({ blockId }),
  );
}

function notification(paymentId: string, { secret = standIn.current.config.webhookSecret, requestId = randomUUID() } = {}) {
  const ts = String(Date.now());
  return notify(
    request(`/api/payments/notify?data.id=${paymentId}&type=payment`, {
      body: { action: "payment.updated", data: { id: paymentId }, type: "payment" },
      headers: { "x-request-id": requestId, "x-signature": signNotification({ dataId: paymentId, requestId, ts, secret }) },
    }),
  );
}

it("creates one Pix charge on the seller's account with the order's id as idempotency key, the fee and 30 minutes", async () => {
  const { product, pageId } = await shop();
  const before = Date.now();
  const res = await buy(product.id, { cpf: "529.982.247-25" });
  expect(res.status).toBe(201);
  const body = await res.json();
  expect(body).toMatchObject({
    status: "pending",
    amountCents: 2990,
    pix: { code: expect.stringMatching(/^000201/), qrPng: expect.stringMatching(/^data:image\/png;base64,/) },
  });
  expect(body.statusUrl).toMatch(new RegExp(`^/api/orders/${body.orderId}/status\\?t=[\\w-]{43}$`));
  const calls = standIn.current.calls.filter((c) => c.method === "POST" && c.path === "/v1/payments");
  expect(calls).toHaveLength(1);
  expect(calls[0]!.headers["x-idempotency-key"]).toBe(body.orderId);
  expect(calls[0]!.body).toMatchObject({
    transaction_amount: 29.9,
    payment_method_id: "pix",
    external_reference: body.orderId,
    notification_url: `${SELLING_APP_URL}/api/payments/notify`,
    application_fee: 2.99,
    payer: { email: expect.stringMatching(/@exemplo\.com$/), first_name: "Bia Lima", identification: { type: "CPF", number: "52998224725" } },
  });
  const expires = new Date(body.pix.expiresAt).getTime();
  expect(expires - before).toBeGreaterThanOrEqual(30 * 60_000 - 1_000);
  expect(expires - before).toBeLessThan(30 * 60_000 + 5_000);
  const order = await db.order.findUniqueOrThrow({ where: { id: body.orderId } });
  expect(order).toMatchObject({
    pageId,
    status: "pending",
    feeCents: 299,
    amountCents: 2990,
    holdsStock: false,
    paymentId: String(standIn.current.payments()[0]!.id),
  });
  // The CPF sealed, the token only as its hash.
  expect(order.buyerCpf).toMatch(/^v1:/);
  expect(unseal(order.buyerCpf!)).toBe("52998224725");
  expect(order.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  expect(await db.dailySalesStat.findFirst({ where: { pageId } })).toMatchObject({ checkouts: 1, orders: 0 });
  // The status URL answers with the token, and 404 without it.
  expect(await (await status(request(body.statusUrl), params({ id: body.orderId }))).json()).toEqual({ status: "pending", paidAt: null });
  expect((await status(request(`/api/orders/${body.orderId}/status?t=${"x".repeat(43)}`), params({ id: body.orderId }))).status).toBe(404);
});

it("refuses a CPF with wrong check digits and a tip amount not on offer", async () => {
  const { product, tip } = await shop();
  const bad = await buy(product.id, { cpf: "529.982.247-24" });
  expect(bad.status).toBe(400);
  expect((await bad.json()).errors).toEqual({ cpf: "CPF inválido" });
  expect((await buy(tip.id, { amountCents: 700 })).status).toBe(201);
  expect((await buy(tip.id, { amountCents: 50 })).status).toBe(400);
  expect((await buy(tip.id, {})).status).toBe(400);
  expect(standIn.current.countCalls("POST /v1/payments")).toBe(1);
});

it("answers 409 for a page not connected, a flagged page, an inactive product; 404 with selling off", async () => {
  const { product, pageId, owner } = await shop({ connected: false });
  const refused = await buy(product.id);
  expect([refused.status, (await refused.json()).message]).toEqual([409, NOT_FOR_SALE]);
  await connectSeller(standIn.current, pageId, owner.user.id);
  await db.page.update({ where: { id: pageId }, data: { sensitive: "adult" } });
  expect((await buy(product.id)).status).toBe(409);
  await db.page.update({ where: { id: pageId }, data: { sensitive: "none" } });
  await db.link.update({ where: { id: product.id }, data: { active: false } });
  expect((await buy(product.id)).status).toBe(409);
  expect(standIn.current.countCalls("POST /v1/payments")).toBe(0);
  sellingOff();
  expect((await buy(product.id)).status).toBe(404);
});

it("answers 409 for a file product whose file has not been uploaded, and sells it once it is", async () => {
  const { product } = await shop({ file: false });
  const refused = await buy(product.id);
  expect([refused.status, (await refused.json()).message]).toEqual([409, NOT_FOR_SALE]);
  expect(standIn.current.countCalls("POST /v1/payments")).toBe(0);
  expect(await db.order.count()).toBe(0);
  await db.productFile.create({
    data: { blockId: product.id, storageKey: randomUUID().replaceAll("-", ""), fileName: "receitas.pdf", contentType: "application/pdf", size: 1234 },
  });
  expect((await buy(product.id)).status).toBe(201);
});

it("answers 502 when Mercado Pago refuses or does not answer, leaving no order pending", async () => {
  const { product } = await shop({ stock: 1 });
  for (const failure of [{ status: 500 }, { status: 401 }, { hang: true }]) {
    standIn.current.failNext({ ...failure, match: "POST /v1/payments" });
    const res = await buy(product.id);
    expect([res.status, (await res.json()).message]).toEqual([502, "Não foi possível gerar o Pix, tente de novo"]);
  }
  expect(await db.order.count({ where: { status: "pending" } })).toBe(0);
  // The one unit is free again.
  expect((await buy(product.id)).status).toBe(201);
}, 20_000);

it("limits checkouts to 10 an hour per address and 5 per e-mail", async () => {
  const { tip } = await shop();
  for (let i = 0; i < 5; i++) expect((await buy(tip.id, { email: "mesma@exemplo.com", amountCents: 500 })).status).toBe(201);
  expect((await buy(tip.id, { email: "mesma@exemplo.com", amountCents: 500 })).status).toBe(429);
  for (let i = 0; i < 10; i++) expect((await buy(tip.id, { amountCents: 500 }, "192.0.2.7")).status).toBe(201);
  expect((await buy(tip.id, { amountCents: 500 }, "192.0.2.7")).status).toBe(429);
}, 30_000);

it("never oversells: 20 checkouts at once for the last 5 units", async () => {
  const { product } = await shop({ stock: 6 });
  expect((await buy(product.id)).status).toBe(201);
  const answers = await Promise.all(Array.from({ length: 20 }, () => buy(product.id)));
  const statuses = answers.map((r) => r.status).sort();
  expect(statuses.filter((s) => s === 201)).toHaveLength(5);
  expect(statuses.filter((s) => s === 409)).toHaveLength(15);
  expect(await db.order.count({ where: { blockId: product.id, status: "pending", holdsStock: true } })).toBe(6);
  expect(standIn.current.countCalls("POST /v1/payments")).toBe(6);
}, 30_000);

it("changes nothing on a notification with a bad signature", async () => {
  const { product } = await shop();
  const { orderId } = await (await buy(product.id)).json();
  const { payment } = await standIn.current.approve(orderId);
  const res = await notification(String(payment.id), { secret: "outro-segredo" });
  expect(res.status).toBe(401);
  expect(standIn.current.countCalls("GET /v1/payments")).toBe(0);
  expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("pending");
});

it("marks the order paid once when told three times, serving the buyer in the same transaction", async () => {
  const { product, pageId } = await shop();
  await db.webhookEndpoint.create({ data: { pageId, url: "https://receiver.exemplo.com/hook", events: ["order.paid"], secret: "whsec_teste" } });
  const { orderId, statusUrl } = await (await buy(product.id, { name: "Bia Lima", email: "bia@exemplo.com" })).json();
  const { payment } = await standIn.current.approve(orderId);
  const told = await Promise.all([1, 2, 3].map(() => notification(String(payment.id))));
  expect(told.map((r) => r.status)).toEqual([200, 200, 200]);
  const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
  expect(order.status).toBe("paid");
  expect(order.paidAt).not.toBeNull();
  expect(standIn.current.countCalls("GET /v1/payments")).toBeGreaterThanOrEqual(1);
  // One receipt, with the order link and its token.
  const mails = await db.outboxMessage.findMany({ where: { to: "bia@exemplo.com" } });
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe("Seu pedido de Ana Souza");
  const token = new URL(statusUrl, SELLING_APP_URL).searchParams.get("t");
  expect(unseal(mails[0]!.text)).toContain(`${SELLING_APP_URL}/ana/pedido/${orderId}?t=${token}`);
  // One order.paid event.
  const events = await db.webhookDelivery.findMany({ where: { type: "order.paid" } });
  expect(events).toHaveLength(1);
  expect(JSON.parse(events[0]!.payload).data).toEqual({
    orderId,
    blockId: product.id,
    amountCents: 2990,
    buyer: { name: "Bia Lima", email: "bia@exemplo.com" },
  });
  expect(await db.dailySalesStat.findFirst({ where: { pageId } })).toMatchObject({ checkouts: 1, orders: 1, revenueCents: 2990 });
  expect(await (await status(request(statusUrl), params({ id: orderId }))).json()).toEqual({ status: "paid", paidAt: order.paidAt!.toISOString() });
});

it("checks the amount against the order and answers 200 for a payment it does not know", async () => {
  const { product } = await shop();
  const { orderId } = await (await buy(product.id)).json();
  const { payment } = await standIn.current.approve(orderId);
  // Mercado Pago reading back another amount: the order is not paid.
  await db.order.update({ where: { id: orderId }, data: { amountCents: 100 } });
  expect((await notification(String(payment.id))).status).toBe(200);
  expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("pending");
  expect((await notification("987654321")).status).toBe(200);
});

it("catches a lost notification in the jobs, and frees the unit of an expired order", async () => {
  const { product } = await shop({ stock: 2 });
  const paid = (await (await buy(product.id)).json()).orderId;
  const lapsed = (await (await buy(product.id)).json()).orderId;
  expect((await buy(product.id)).status).toBe(409);
  await standIn.current.approve(paid);
  await standIn.current.expire(lapsed);
  await runDueJobs();
  expect((await db.order.findUniqueOrThrow({ where: { id: paid } })).status).toBe("paid");
  expect((await db.order.findUniqueOrThrow({ where: { id: lapsed } })).status).toBe("failed");
  expect(await db.outboxMessage.count()).toBe(1);
  // The expired order's unit is for sale again.
  expect((await buy(product.id)).status).toBe(201);
});

it("erases the buyer's e-mail and CPF from orders older than 5 years, and keeps the rest", async () => {
  const { tip } = await shop();
  const old = (await (await buy(tip.id, { amountCents: 500, cpf: "111.444.777-35" })).json()).orderId;
  const recent = (await (await buy(tip.id, { amountCents: 500, cpf: "111.444.777-35" })).json()).orderId;
  const sixYearsAgo = new Date(Date.now() - 6 * 365 * 24 * 60 * 60_000);
  await db.order.update({ where: { id: old }, data: { createdAt: sixYearsAgo } });
  const report = await runDueJobs();
  expect(report["selling.erase-buyer-data"]).toEqual({ done: 1, more: false });
  expect(await db.order.findUniqueOrThrow({ where: { id: old } })).toMatchObject({ buyerEmail: null, buyerCpf: null, buyerName: "Bia Lima", amountCents: 500 });
  expect(await db.order.findUniqueOrThrow({ where: { id: recent } })).toMatchObject({
    buyerEmail: expect.stringContaining("@"),
    buyerCpf: expect.stringMatching(/^v1:/),
  });
});
