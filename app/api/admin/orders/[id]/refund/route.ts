// POST /api/admin/orders/:id/refund — administrator; refunds any page's paid order as its owner would (Mercado Pago,
// the buyer told, order.refunded), with an audit row in the same transaction. Not paid → 409; Mercado Pago refusing →
// 502 'Não foi possível estornar'; unknown → 404; 404 where selling is off.
import { refundOrderAsAdmin } from "@/lib/admin/admin-orders";
import { adminTargetParams } from "@/lib/admin/admin-schemas";
import { route } from "@/lib/api/route";
import { whenSellingOn } from "@/lib/selling/selling-config";

export const POST = whenSellingOn(
  route({
    auth: "admin",
    params: adminTargetParams,
    handler: async ({ params, session }) => refundOrderAsAdmin(session.user, params.id),
  }),
);
