import { POST as checkout } from "@/app/api/checkout/[blockId]/route";
import { GET as list } from "./route";
import { GET as totals } from "./totals/route";
import { POST as refund } from "./[id]/refund/route";
import { markPaid } from "@/lib/selling/order-payments";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { signedInUser } from "@/tests/factories";
import { connectSeller, useMercadoPagoStandIn } from "@/tests/helpers/mercadopago";
import { params, request } from "@/tests/helpers/request";

// The administration's 'Pedidos' (api.md, Selling with Pix): every page's
// orders newest first, paged; totals of paid orders and the platform's fees;
// an administrator's refund through the page's Mercado Pago account, audited
// in the refund's transaction; only administrators; 404 where selling is off.

const standIn = useMercadoPagoStandIn({ feePercent: 10 });

async function shopOf(username: string, priceCents: number) {
  const owner = await signedInUser({ username });
  const block = await db.link.create({
    data: {
      pageId: owner.user.id,
      kind: "product",
      title: `Curso de ${username}`,
      url: "",
      order: 0,
      data: { description: null, priceCents, delivery: "link", url: "https://curso.exemplo.com", stock: null },
    },
  });
  await connectSeller(standIn.current, owner.user.id, owner.user.id);
  const buy = async (email: string, paid = true) => {
    const res = await checkout(request(`/api/checkout/${block.id}`, { body: { name: "Bia", email } }), params({ blockId: block.id }));
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    if (paid) {
      await standIn.current.approve(orderId);
      await markPaid(orderId);
    }
    return orderId;
  };
  return { owner, buy };
}

const get = (cookie: string, query = "") => list(request(`/api/admin/orders${query}`, { headers: { cookie } }));
const totalsOf = async (cookie: string) => (await totals(request("/api/admin/orders/totals", { headers: { cookie } }))).json();
const refundAs = (cookie: string, id: string) => refund(request(`/api/admin/orders/${id}/refund`, { method: "POST", headers: { cookie } }), params({ id }));

it("lists every page's orders newest first, paged, with the totals and the platform's fees", async () => {
  const admin = await signedInUser({ isAdmin: true });
  const ana = await shopOf("ana", 2990);
  const beto = await shopOf("beto", 10_000);
  const first = await ana.buy("a@exemplo.com");
  const second = await beto.buy("b@exemplo.com");
  const third = await ana.buy("c@exemplo.com", false);
  expect((await list(request("/api/admin/orders"))).status).toBe(401);
  expect((await get(ana.owner.cookie)).status).toBe(403);

  const page1 = await get(admin.cookie, "?limit=2");
  expect(page1.status).toBe(200);
  const rows = (await page1.json()) as { id: string; page: { username: string }; amountCents: number; feeCents: number; status: string }[];
  expect(rows.map((r) => [r.id, r.page.username, r.amountCents, r.status])).toEqual([
    [third, "ana", 2990, "pending"],
    [second, "beto", 10_000, "paid"],
  ]);
  expect(rows[1]!.feeCents).toBe(1000);
  const cursor = page1.headers.get("x-next-cursor")!;
  expect(cursor).toBeTruthy();
  const page2 = await get(admin.cookie, `?limit=2&cursor=${cursor}`);
  expect(((await page2.json()) as { id: string }[]).map((r) => r.id)).toEqual([first]);
  expect(page2.headers.get("x-next-cursor")).toBeNull();

  expect(await totalsOf(admin.cookie)).toEqual({ paidOrders: 2, revenueCents: 12_990, feesCents: 1299, refundedOrders: 0 });
  expect((await totals(request("/api/admin/orders/totals", { headers: { cookie: ana.owner.cookie } }))).status).toBe(403);
});

it("lets an administrator refund any page's paid order, audited with it; a refusal changes nothing", async () => {
  const admin = await signedInUser({ isAdmin: true });
  const ana = await shopOf("ana", 2990);
  const orderId = await ana.buy("bia@exemplo.com");
  expect((await refundAs(ana.owner.cookie, orderId)).status).toBe(403);

  standIn.current.refuseRefunds(1);
  const refused = await refundAs(admin.cookie, orderId);
  expect([refused.status, (await refused.json()).message]).toEqual([502, "Não foi possível estornar"]);
  expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("paid");
  expect(await db.auditLog.count({ where: { action: "order.refund" } })).toBe(0);

  const res = await refundAs(admin.cookie, orderId);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ id: orderId, status: "refunded" });
  expect(standIn.current.payment(orderId)!.status).toBe("refunded");
  const audit = await db.auditLog.findFirstOrThrow({ where: { action: "order.refund" } });
  expect(audit).toMatchObject({ actorId: admin.user.id, pageId: ana.owner.user.id });
  expect(audit.details).toMatchObject({ page: { username: "ana" }, note: "Curso de ana: R$ 29,90" });
  expect(await totalsOf(admin.cookie)).toEqual({ paidOrders: 0, revenueCents: 0, feesCents: 0, refundedOrders: 1 });
  expect((await refundAs(admin.cookie, orderId)).status).toBe(409);
  expect((await refundAs(admin.cookie, "pedido-que-nao-existe")).status).toBe(404);
});

it("answers 404 where selling is off", async () => {
  const admin = await signedInUser({ isAdmin: true });
  delete process.env.MERCADOPAGO_CLIENT_ID;
  resetEnvCache();
  expect((await get(admin.cookie)).status).toBe(404);
  expect((await totals(request("/api/admin/orders/totals", { headers: { cookie: admin.cookie } }))).status).toBe(404);
  expect((await refundAs(admin.cookie, "x")).status).toBe(404);
});
