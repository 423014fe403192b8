import "server-only";
import { utc, type Job } from "@/lib/jobs/job";
import { db } from "@/lib/server/db";
import { errorFields, log } from "@/lib/server/log";
import { MercadoPagoError } from "./mercadopago-client";
import { checkPayment, markFailed } from "./order-payments";

// The jobs ask Mercado Pago about every pending order once a minute until it
// is settled (api.md, Confirmation), so a lost notification loses no sale and
// an expired Pix frees its unit. An order whose charge was never made (the
// process stopped between the order and the call) is failed after 2 minutes.
// A buyer's e-mail and CPF are erased from orders older than 5 years (api.md,
// The buyer's data); the order stays, for the creator's totals.

/** An order is asked about at most this often. */
export const CHECK_EVERY_MS = 60_000;
/** A pending order with no payment this old will never get one. */
const NO_CHARGE_AFTER_MS = 2 * 60_000;
const ORDERS_PER_BATCH = 20;

export function pendingOrdersJob(): Job {
  return {
    name: "selling.pending-orders",
    kind: "self-guarded",
    async step({ now, deadline }) {
      const rows = await db.order.findMany({
        where: { status: "pending", OR: [{ checkedAt: null }, { checkedAt: { lte: new Date(now.getTime() - CHECK_EVERY_MS) } }] },
        orderBy: { createdAt: "asc" },
        take: ORDERS_PER_BATCH,
        select: { id: true, paymentId: true, createdAt: true },
      });
      let done = 0;
      for (const row of rows) {
        if (Date.now() > deadline) return { done, more: true };
        // Marked first: whatever happens below, this order waits a minute before it is asked again.
        await db.order.updateMany({ where: { id: row.id, status: "pending" }, data: { checkedAt: now } });
        try {
          if (!row.paymentId) {
            if (now.getTime() - row.createdAt.getTime() > NO_CHARGE_AFTER_MS && (await markFailed(row.id, now))) done += 1;
            continue;
          }
          const outcome = await checkPayment(row.paymentId, now);
          if (outcome === "paid" || outcome === "failed") done += 1;
        } catch (error) {
          if (!(error instanceof MercadoPagoError)) throw error;
          log.warn("selling.check_failed", { orderId: row.id, ...errorFields(error) });
        }
      }
      return { done, more: rows.length === ORDERS_PER_BATCH };
    },
  };
}

/** How long an order keeps its buyer's e-mail and CPF. */
export const BUYER_DATA_YEARS = 5;
const ERASE_BATCH = 1_000;

export function buyerDataErasureJob(): Job {
  return {
    name: "selling.erase-buyer-data",
    kind: "locked",
    async step(tx, { now }) {
      const before = new Date(now);
      before.setUTCFullYear(before.getUTCFullYear() - BUYER_DATA_YEARS);
      const done = await tx.$executeRaw`
        UPDATE "Order" SET "buyerEmail" = NULL, "buyerCpf" = NULL
        WHERE "id" IN (SELECT "id" FROM "Order" WHERE "createdAt" < ${utc(before)} AND ("buyerEmail" IS NOT NULL OR "buyerCpf" IS NOT NULL) LIMIT ${ERASE_BATCH})`;
      return { done, more: done === ERASE_BATCH };
    },
  };
}
