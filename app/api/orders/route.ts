// GET /api/orders?page=&cursor= — editor reads; the page's orders, newest first, 50 a page, {items, nextCursor}; the CPF
// only masked. 404 where selling is off.
import { route } from "@/lib/api/route";
import { listOrders, orderListQuerySchema, orderPageSchema } from "@/lib/selling/order-queries";
import { whenSellingOn } from "@/lib/selling/selling-config";
import { apiReferenceStrings } from "@/lib/strings/api-reference";

export const GET = whenSellingOn(
  route({
    auth: "user",
    page: "orders.read",
    api: { summary: apiReferenceStrings.ops.listOrders, query: orderListQuerySchema, response: orderPageSchema },
    handler: async ({ req, page }) => listOrders(page.id, orderListQuerySchema.parse({ cursor: new URL(req.url).searchParams.get("cursor") || undefined })),
  }),
);
