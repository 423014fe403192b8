// GET /api/admin/orders/totals — administrator; {paidOrders, revenueCents, feesCents, refundedOrders} over every page
// (paid orders not refunded; the fees the platform kept on them). 404 where selling is off.
import { adminOrderTotals } from "@/lib/admin/admin-orders";
import { route } from "@/lib/api/route";
import { whenSellingOn } from "@/lib/selling/selling-config";

export const dynamic = "force-dynamic";

export const GET = whenSellingOn(
  route({
    auth: "admin",
    handler: async () => adminOrderTotals(),
  }),
);
