import { POST as checkout } from "@/app/api/checkout/[blockId]/route";
import { addDays, saoPauloDay } from "@/lib/dates/sao-paulo-days";
import { markPaid } from "@/lib/selling/order-payments";
import { refundOrder } from "@/lib/selling/refunds";
import { salesTotals } from "@/lib/selling/sales-totals";
import { db } from "@/lib/server/db";
import { dayToDate } from "@/lib/stats/days";
import { signedInUser } from "@/tests/factories";
import { connectSeller, useMercadoPagoStandIn } from "@/tests/helpers/mercadopago";
import { params, request } from "@/tests/helpers/request";

// 'Vendas' totals (api.md, The creator's sales): today, 7 and 30 São Paulo
// days of paid orders and revenue, from the per-day sales; a refund takes its
// order and amount out of the day the order was paid on, not the refund's.

const standIn = useMercadoPagoStandIn();
const DAY = 24 * 60 * 60_000;

it("adds up today, the last 7 and the last 30 days, and nothing older or of another page", async () => {
  const { user } = await signedInUser({ username: "ana" });
  const { user: other } = await signedInUser({ username: "beto" });
  const now = new Date("2026-12-02T15:00:00.000Z"); // 12:00 in São Paulo
  const today = saoPauloDay(now);
  const rows = [
    [0, 2, 5980],
    [6, 1, 1000],
    [7, 1, 700],
    [29, 3, 300],
    [30, 5, 99_999],
  ] as const;
  for (const [ago, orders, revenueCents] of rows) {
    await db.dailySalesStat.create({ data: { pageId: user.id, day: dayToDate(addDays(today, -ago)), checkouts: orders + 1, orders, revenueCents } });
  }
  await db.dailySalesStat.create({ data: { pageId: other.id, day: dayToDate(today), orders: 9, revenueCents: 9000 } });
  expect(await salesTotals(user.id, now)).toEqual([
    { days: 1, orders: 2, revenueCents: 5980 },
    { days: 7, orders: 3, revenueCents: 6980 },
    { days: 30, orders: 7, revenueCents: 7980 },
  ]);
  expect(await salesTotals((await signedInUser({ username: "caio" })).user.id, now)).toEqual([
    { days: 1, orders: 0, revenueCents: 0 },
    { days: 7, orders: 0, revenueCents: 0 },
    { days: 30, orders: 0, revenueCents: 0 },
  ]);
});

it("takes a refunded order out of the day it was paid on", async () => {
  const { user } = await signedInUser({ username: "ana" });
  const pageId = user.id;
  const block = await db.link.create({
    data: {
      pageId,
      kind: "product",
      title: "Curso",
      url: "",
      order: 0,
      data: { description: null, priceCents: 4990, delivery: "link", url: "https://curso.exemplo.com", stock: null },
    },
  });
  await connectSeller(standIn.current, pageId, user.id);
  const buy = async (email: string) => {
    const res = await checkout(request(`/api/checkout/${block.id}`, { body: { name: "Bia", email } }), params({ blockId: block.id }));
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    await standIn.current.approve(orderId);
    return orderId;
  };
  const paidOn = new Date(Date.now() - 3 * DAY);
  const first = await buy("bia@exemplo.com");
  const second = await buy("caio@exemplo.com");
  await markPaid(first, paidOn);
  await markPaid(second, paidOn);
  const day = { pageId_day: { pageId, day: dayToDate(saoPauloDay(paidOn)) } };
  expect(await db.dailySalesStat.findUnique({ where: day })).toMatchObject({ orders: 2, revenueCents: 9980 });

  await refundOrder(pageId, first);
  expect(await db.dailySalesStat.findUnique({ where: day })).toMatchObject({ orders: 1, revenueCents: 4990 });
  // Today's row (where the checkouts were started) keeps its checkouts and gained no negative sale.
  const todayRow = await db.dailySalesStat.findUnique({ where: { pageId_day: { pageId, day: dayToDate(saoPauloDay()) } } });
  expect(todayRow).toMatchObject({ checkouts: 2, orders: 0, revenueCents: 0 });
  expect((await salesTotals(pageId)).map((t) => t.orders)).toEqual([0, 1, 1]);
});
