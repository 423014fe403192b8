// GET /api/payments/callback?code=&state= — the member who started the connection; Mercado Pago
// sends them back here: the code is exchanged and the account kept → 302 /dashboard/vendas.
// A bad, used, expired or another member's state → 400 'Conexão inválida, tente de novo'.
// 404 where selling is off.
import { route } from "@/lib/api/route";
import { finishConnection } from "@/lib/selling/payment-account";
import { whenSellingOn } from "@/lib/selling/selling-config";

export const GET = whenSellingOn(
  route({
    auth: "user",
    handler: async ({ req, session }) => {
      const query = new URL(req.url).searchParams;
      const page = await finishConnection(session.user.id, { code: query.get("code"), state: query.get("state") });
      const location = `/dashboard/vendas?page=${encodeURIComponent(page.username)}`;
      return new Response(null, { status: 302, headers: { location, "cache-control": "no-store" } });
    },
  }),
);
