// POST /api/orders/:id/refund?page= — owner; Mercado Pago refunds the whole payment, the order is refunded (its
// download and link closed, the buyer told, order.refunded sent). Not paid → 409; Mercado Pago refusing → 502
// 'Não foi possível estornar'. 404 where selling is off.
import { route } from "@/lib/api/route";
import { orderIdSchema } from "@/lib/selling/checkout-schemas";
import { refundAnswerSchema, refundOrder } from "@/lib/selling/refunds";
import { apiReferenceStrings } from "@/lib/strings/api-reference";
import { whenSellingOn } from "@/lib/selling/selling-config";

export const POST = whenSellingOn(
  route({
    auth: "user",
    page: "orders.refund",
    api: { summary: apiReferenceStrings.ops.refundOrder, response: refundAnswerSchema },
    params: orderIdSchema,
    handler: async ({ page, params }) => refundOrder(page.id, params.id),
  }),
);
