import "server-only";
import { z } from "zod";
import { queueEmail } from "@/lib/email/outbox";
import { formatReais } from "@/lib/money/money";
import { db, type Tx } from "@/lib/server/db";
import { saoPauloDay } from "@/lib/stats/days";
import { AppError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { sellingStrings } from "@/lib/strings/selling";
import { queueWebhookEvent } from "@/lib/webhooks/webhook-outbox";
import { MercadoPagoError, refundPayment } from "./mercadopago-client";
import { orderEventData } from "./order-payments";
import { sellerAccess } from "./payment-account";

// A refund (api.md, The creator's sales): POST /api/orders/{id}/refund (owner)
// asks Mercado Pago to refund the whole payment (an idempotency key per
// order, so asking twice refunds once), then the order is `refunded`: its
// download and link are closed (the order page and the download refuse it),
// the buyer is told by e-mail and the `order.refunded` event is written, in
// one transaction, with the order and its amount taken out of its paid day's
// sales. A refund Mercado Pago refuses changes nothing: 502.

const s = sellingStrings;
const refundFailed = () => new AppError("bad_gateway", { message: s.refundFailed });

export const refundAnswerSchema = z.object({ id: z.string(), status: z.literal("refunded"), refundedAt: z.string() });
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

/** `record`: written in the refund's own transaction (an administrator's refund, its audit row). */
export async function refundOrder(
  pageId: string,
  orderId: string,
  now = new Date(),
  record?: (tx: Tx, order: { id: string; title: string; amountCents: number; page: { name: string; username: string } }) => Promise<void>,
): Promise<RefundAnswer> {
  const order = await db.order.findFirst({ where: { id: orderId, pageId }, select: { id: true, status: true, paymentId: true } });
  if (!order) throw new AppError("not_found");
  if (order.status !== "paid" || !order.paymentId) throw new AppError("conflict", { message: s.refundNotPaid });
  let token: string | null;
  try {
    token = await sellerAccess(pageId, now);
    if (!token) throw refundFailed();
    await refundPayment(token, order.paymentId, `refund-${order.id}`);
  } catch (error) {
    if (error instanceof MercadoPagoError) throw refundFailed();
    throw error;
  }
  const refunded = await db.$transaction(async (tx) => {
    const changed = await tx.order.updateMany({ where: { id: order.id, status: "paid" }, data: { status: "refunded", refundedAt: now, holdsStock: false } });
    if (!changed.count) return false;
    const row = await tx.order.findUniqueOrThrow({
      where: { id: order.id },
      select: {
        id: true,
        blockId: true,
        title: true,
        amountCents: true,
        buyerName: true,
        buyerEmail: true,
        paidAt: true,
        page: { select: { name: true, username: true } },
      },
    });
    // The refund takes its order and amount out of the São Paulo day the order was paid on (where markPaid counted
    // them), so a day's figures are the sales that stand, whenever the refund came.
    if (row.paidAt) {
      await tx.$executeRaw`
        UPDATE "DailySalesStat" SET "orders" = GREATEST("orders" - 1, 0), "revenueCents" = GREATEST("revenueCents" - ${row.amountCents}, 0)
        WHERE "pageId" = ${pageId} AND "day" = ${saoPauloDay(row.paidAt)}::date`;
    }
    const pageName = row.page.name || row.page.username;
    if (row.buyerEmail) {
      await queueEmail(tx, {
        to: row.buyerEmail,
        subject: s.mail.refundSubject(pageName),
        text: [`Olá, ${row.buyerName ?? ""}!`, "", s.mail.refundText(row.title, formatReais(row.amountCents)), "", pageName, ""].join("\n"),
      });
    }
    await queueWebhookEvent(tx, pageId, "order.refunded", orderEventData(row), now);
    await record?.(tx, row);
    return true;
  });
  if (!refunded) throw new AppError("conflict", { message: s.refundNotPaid });
  log.info("selling.refunded", { orderId: order.id, pageId });
  return { id: order.id, status: "refunded", refundedAt: now.toISOString() };
}
