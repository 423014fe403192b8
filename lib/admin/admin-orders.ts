import "server-only";
import { z } from "zod";
import type { UserDto } from "@/lib/accounts/user-dto";
import { writeAudit } from "@/lib/audit/audit-log";
import { formatReais } from "@/lib/money/money";
import { NEWEST_FIRST, afterCursor, pageOf, type Keyset } from "@/lib/lists/keyset";
import { refundOrder, type RefundAnswer } from "@/lib/selling/refunds";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";

// The administration's 'Pedidos' (api.md, Selling with Pix): every page's
// orders, newest first, keyset-paged as the panel's other lists, with the
// totals of paid orders and the platform's fees (the `feeCents` kept with each
// order: PLATFORM_FEE_PERCENT at its purchase); an administrator may refund,
// the refund and its audit row in one transaction.

export const adminOrderRowSchema = z.object({
  id: z.string(),
  page: z.object({ id: z.string(), username: z.string(), name: z.string() }),
  title: z.string(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderTotalsSchema = z.object({
  paidOrders: z.number().int(),
  revenueCents: z.number().int(),
  feesCents: z.number().int(),
  refundedOrders: z.number().int(),
});
export type AdminOrderTotals = z.infer<typeof adminOrderTotalsSchema>;

/** GET /api/admin/orders?cursor=&limit=: one page of every page's orders, newest first. */
export async function listOrdersForAdmin({
  cursor,
  limit,
}: {
  cursor?: Keyset;
  limit: number;
}): Promise<{ items: AdminOrderRow[]; nextCursor: string | null }> {
  const found = await db.order.findMany({
    where: afterCursor(cursor),
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    select: {
      id: true,
      title: true,
      amountCents: true,
      feeCents: true,
      status: true,
      createdAt: true,
      page: { select: { id: true, username: true, name: true } },
    },
  });
  const { rows, nextCursor } = pageOf(found, limit);
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), nextCursor };
}

/** The totals over every page: paid orders (not refunded), their amount and the platform's fees, and the refunded count. */
export async function adminOrderTotals(): Promise<AdminOrderTotals> {
  const [paid, refundedOrders] = await Promise.all([
    db.order.aggregate({ where: { status: "paid" }, _count: { _all: true }, _sum: { amountCents: true, feeCents: true } }),
    db.order.count({ where: { status: "refunded" } }),
  ]);
  return { paidOrders: paid._count._all, revenueCents: paid._sum.amountCents ?? 0, feesCents: paid._sum.feeCents ?? 0, refundedOrders };
}

/** POST /api/admin/orders/:id/refund: as the owner's refund (Mercado Pago, the buyer told, order.refunded), audited. */
export async function refundOrderAsAdmin(actor: UserDto, orderId: string): Promise<RefundAnswer> {
  const order = await db.order.findUnique({ where: { id: orderId }, select: { pageId: true } });
  if (!order) throw new AppError("not_found");
  return refundOrder(order.pageId, orderId, new Date(), (tx, row) =>
    writeAudit(tx, actor, "order.refund", null, {
      page: { id: order.pageId, name: row.page.name, username: row.page.username },
      note: `${row.title}: ${formatReais(row.amountCents)}`,
    }),
  );
}
