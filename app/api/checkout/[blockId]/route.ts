// POST /api/checkout/:blockId — public (no account); {name, email, cpf?, amountCents?} → 201 the order and its Pix.
// Also the checkout page's form, posted without JavaScript: 303 to the page showing the order's Pix.
// 404 where selling is off.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { isValidUsername } from "@/lib/accounts/username";
import { checkoutSchema } from "@/lib/selling/checkout-schemas";
import { startCheckout } from "@/lib/selling/checkout";
import { whenSellingOn } from "@/lib/selling/selling-config";
import { json } from "@/lib/server/http";
import { clientIp } from "@/lib/server/request";

const paramsSchema = z.object({ blockId: z.string().min(1).max(64) });

/** The checkout page the form was on: its username and block, from its hidden fields (never an address of the sender's choosing). */
function checkoutPage(fields: Record<string, string>): string {
  const username = isValidUsername(fields.pagina ?? "") ? fields.pagina : null;
  const block = /^[\w-]{1,64}$/.test(fields.bloco ?? "") ? fields.bloco : null;
  return username && block ? `/${username}/comprar/${block}` : "/";
}

export const POST = whenSellingOn(
  route({
    params: paramsSchema,
    body: checkoutSchema,
    form: {
      page: (fields) => `${checkoutPage(fields)}${fields.valor && /^\d{1,9}$/.test(fields.valor) ? `?valor=${fields.valor}` : ""}`,
      next: async (answer, fields) => {
        const { orderId, statusUrl } = (await answer.clone().json()) as { orderId: string; statusUrl: string };
        const token = new URL(statusUrl, "http://x").searchParams.get("t") ?? "";
        return `${checkoutPage(fields)}?pedido=${encodeURIComponent(orderId)}&t=${encodeURIComponent(token)}`;
      },
    },
    handler: async ({ req, params, body }) => json(await startCheckout(params.blockId, body, clientIp(req)), { status: 201 }),
  }),
);
