// GET /:username/comprar/:blockId — public; the checkout page as plain HTML (no framework JavaScript): the buyer's
// form (posted to POST /api/checkout/:blockId, works without JavaScript; ?erro=1 after a refusal), or with
// ?pedido=&t= the order's Pix (&pago=1: 'Já paguei', which asks Mercado Pago) (QR code, 'Copiar código', time left, 'Já paguei') and `Pagamento confirmado` once paid.
// 404 where selling is off, for another page's block or a block that is not sold.
import { lowercaseAscii } from "@/lib/accounts/username";
import { buyerDocument, buyerResponse } from "@/lib/selling/buyer-document";
import { buyerOrder } from "@/lib/selling/buyer-orders";
import { renderCheckoutForm, renderCheckoutOrder } from "@/lib/selling/checkout-html";
import { checkoutView, refreshPendingOrder } from "@/lib/selling/checkout-view";
import { AppError } from "@/lib/server/errors";
import { decodeFormFlash, FORM_FLASH_COOKIE } from "@/lib/server/form-post";
import { pageRoute } from "@/lib/server/http";
import { errorsStrings } from "@/lib/strings/errors";

function cookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

export const GET = pageRoute<{ username: string; blockId: string }>(async (req, { username, blockId }) => {
  const name = lowercaseAscii(decodeURIComponent(username));
  const view = await checkoutView(name, blockId);
  if (!view) return buyerResponse(buyerDocument(errorsStrings.notFound, `<h1>${errorsStrings.notFound}</h1>`), req, 404);
  const search = new URL(req.url).searchParams;
  const orderId = search.get("pedido");
  const token = search.get("t");
  if (orderId) {
    try {
      // 'Já paguei' (?pago=1): Mercado Pago is asked, in case its notification has not come.
      if (search.get("pago") === "1") await refreshPendingOrder(orderId);
      const order = await buyerOrder(name, orderId, token);
      const base = `/${view.username}/comprar/${view.blockId}`;
      const t = encodeURIComponent(token ?? "");
      const urls = {
        status: `/api/orders/${encodeURIComponent(order.id)}/status?t=${t}`,
        order: `/${view.username}/pedido/${encodeURIComponent(order.id)}?t=${t}`,
        again: base,
      };
      return buyerResponse(renderCheckoutOrder(view, order, urls), req);
    } catch (error) {
      if (!(error instanceof AppError && error.code === "not_found")) throw error;
      return buyerResponse(buyerDocument(errorsStrings.notFound, `<h1>${errorsStrings.notFound}</h1>`), req, 404);
    }
  }
  const flash = search.get("erro") === "1" ? decodeFormFlash(cookie(req, FORM_FLASH_COOKIE)) : null;
  const asked = /^\d{1,9}$/.test(search.get("valor") ?? "") ? Number(search.get("valor")) : null;
  return buyerResponse(renderCheckoutForm(view, flash, asked), req);
});

export const HEAD = GET;
