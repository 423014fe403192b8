// GET /api/orders/:id/status?t= — public, by the order link's token; {status, paidAt} (the checkout page asks every 3 s).
// A wrong token → 404. 404 where selling is off.
import { route } from "@/lib/api/route";
import { orderStatus } from "@/lib/selling/buyer-orders";
import { orderIdSchema } from "@/lib/selling/checkout-schemas";
import { whenSellingOn } from "@/lib/selling/selling-config";
import { json } from "@/lib/server/http";

export const GET = whenSellingOn(
  route({
    params: orderIdSchema,
    handler: async ({ req, params }) =>
      json(await orderStatus(params.id, new URL(req.url).searchParams.get("t")), { headers: { "cache-control": "no-store" } }),
  }),
);
