// GET /api/payments/connect?page= — owner; 302 to Mercado Pago's authorisation page, with a state
// that names the page and the member, good once for 10 minutes. 404 where selling is off.
import { route } from "@/lib/api/route";
import { startConnection } from "@/lib/selling/payment-account";
import { whenSellingOn } from "@/lib/selling/selling-config";

export const GET = whenSellingOn(
  route({
    auth: "user",
    page: "payments.manage",
    handler: async ({ page, session }) => {
      const location = await startConnection(page.id, session.user.id);
      return new Response(null, { status: 302, headers: { location, "cache-control": "no-store" } });
    },
  }),
);
