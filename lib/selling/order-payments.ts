import "server-only";
import { saoPauloDay } from "@/lib/dates/sao-paulo-days";
import { queueEmail } from "@/lib/email/outbox";
import { formatReais } from "@/lib/money/money";
import { db } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { publicOrigin } from "@/lib/server/public-url";
import { sellingStrings } from "@/lib/strings/selling";
import { queueWebhookEvent } from "@/lib/webhooks/webhook-outbox";
import { getPayment, toCents, type MercadoPagoPayment } from "./mercadopago-client";
import { orderToken } from "./order-token";
import { sellerAccess } from "./payment-account";

// Confirmation (api.md, Selling with Pix): an order's status follows its
// payment as read back from Mercado Pago (never a notification's body), only
// when the payment names the order (`external_reference`) and its amount is
// the order's. Paid once: the change is one conditional update (pending →
// paid), and the buyer's receipt (an e-mail row of the outbox), the
// `order.paid` webhook event and the day's sales are written in its
// transaction, so however many notifications and job runs say "approved" at
// once, one of them pays the order and serves the buyer, and a crash after
// the commit loses nothing (the outbox sends the rows).

const s = sellingStrings;

/** What a payment read back did to its order. */
export type Settlement = "paid" | "failed" | "unchanged" | "mismatch";

/** A pending Pix still "pending" at Mercado Pago this long after its expiry is given up (the charge can no longer be paid). */
const GIVE_UP_AFTER_EXPIRY_MS = 60 * 60_000;

interface OrderRef {
  id: string;
  amountCents: number;
  expiresAt: Date;
}

/** Applies payment `payment` (read from Mercado Pago) to `order`. */
export async function settleOrder(order: OrderRef, payment: MercadoPagoPayment, now = new Date()): Promise<Settlement> {
  if (payment.external_reference !== order.id || toCents(payment.transaction_amount) !== order.amountCents) {
    log.warn("selling.payment_mismatch", { orderId: order.id, paymentId: payment.id });
    return "mismatch";
  }
  if (payment.status === "approved") return (await markPaid(order.id, now)) ? "paid" : "unchanged";
  const lapsed = payment.status === "pending" && now.getTime() > order.expiresAt.getTime() + GIVE_UP_AFTER_EXPIRY_MS;
  if (payment.status === "rejected" || payment.status === "cancelled" || lapsed) return (await markFailed(order.id, now)) ? "failed" : "unchanged";
  return "unchanged";
}

/** A pending order that will not be paid: failed, its held unit freed. True when this call changed it. */
export async function markFailed(orderId: string, now = new Date()): Promise<boolean> {
  const changed = await db.order.updateMany({ where: { id: orderId, status: "pending" }, data: { status: "failed", failedAt: now } });
  return changed.count > 0;
}

/** The order link the buyer receives. */
export function orderLink(username: string, orderId: string): string {
  return `${publicOrigin()}/${username}/pedido/${orderId}?t=${orderToken(orderId)}`;
}

/** The webhook events' data (api.md: {orderId, blockId, amountCents, buyer: {name, email}}). */
export function orderEventData(order: { id: string; blockId: string | null; amountCents: number; buyerName: string | null; buyerEmail: string | null }) {
  return { orderId: order.id, blockId: order.blockId, amountCents: order.amountCents, buyer: { name: order.buyerName, email: order.buyerEmail } };
}

/** pending → paid, once; with the receipt, the `order.paid` event and the day's sales in the same transaction. True when this call paid it. */
export async function markPaid(orderId: string, now = new Date()): Promise<boolean> {
  const paid = await db.$transaction(async (tx) => {
    const changed = await tx.order.updateMany({ where: { id: orderId, status: "pending" }, data: { status: "paid", paidAt: now } });
    if (!changed.count) return null;
    const order = await tx.order.findUniqueOrThrow({
      where: { id: orderId },
      select: {
        id: true,
        pageId: true,
        blockId: true,
        title: true,
        amountCents: true,
        buyerName: true,
        buyerEmail: true,
        page: { select: { name: true, username: true } },
      },
    });
    await tx.$executeRaw`
      INSERT INTO "DailySalesStat" ("pageId", "day", "orders", "revenueCents") VALUES (${order.pageId}, ${saoPauloDay(now)}::date, 1, ${order.amountCents})
      ON CONFLICT ("pageId", "day") DO UPDATE SET "orders" = "DailySalesStat"."orders" + 1, "revenueCents" = "DailySalesStat"."revenueCents" + EXCLUDED."revenueCents"`;
    const pageName = order.page.name || order.page.username;
    if (order.buyerEmail) {
      await queueEmail(tx, {
        to: order.buyerEmail,
        subject: s.mail.receiptSubject(pageName),
        text: [
          `Olá, ${order.buyerName ?? ""}!`,
          "",
          s.mail.receiptText(order.title, formatReais(order.amountCents)),
          "",
          orderLink(order.page.username, order.id),
          "",
          s.mail.receiptKeep,
          "",
          pageName,
          "",
        ].join("\n"),
      });
    }
    await queueWebhookEvent(tx, order.pageId, "order.paid", orderEventData(order), now);
    return order;
  });
  if (paid) log.info("selling.paid", { orderId, pageId: paid.pageId });
  return paid !== null;
}

/**
 * Asks Mercado Pago about the order paid with payment `paymentId` and applies
 * the answer; "unknown" when no order has that payment (or its page is no
 * longer connected). Throws MercadoPagoError when Mercado Pago cannot answer.
 */
export async function checkPayment(paymentId: string, now = new Date()): Promise<Settlement | "unknown"> {
  const order = await db.order.findUnique({ where: { paymentId }, select: { id: true, pageId: true, amountCents: true, expiresAt: true, status: true } });
  if (!order) return "unknown";
  if (order.status !== "pending") return "unchanged";
  const token = await sellerAccess(order.pageId, now);
  if (!token) return "unknown";
  return settleOrder(order, await getPayment(token, paymentId), now);
}
