// GET /:username/pedido/:orderId?t= — public, by the order link's token (the receipt e-mail's link); plain HTML:
// a paid order's download, link or thanks; refunded: closed. A wrong token → 404. 404 where selling is off.
import { lowercaseAscii } from "@/lib/accounts/username";
import { buyerDocument, buyerResponse } from "@/lib/selling/buyer-document";
import { buyerOrder } from "@/lib/selling/buyer-orders";
import { renderOrderPage } from "@/lib/selling/order-html";
import { sellingConfig } from "@/lib/selling/selling-config";
import { AppError } from "@/lib/server/errors";
import { pageRoute } from "@/lib/server/http";
import { errorsStrings } from "@/lib/strings/errors";

export const GET = pageRoute<{ username: string; orderId: string }>(async (req, { username, orderId }) => {
  const missing = () => buyerResponse(buyerDocument(errorsStrings.notFound, `<h1>${errorsStrings.notFound}</h1>`), req, 404);
  if (!sellingConfig()) return missing();
  const token = new URL(req.url).searchParams.get("t") ?? "";
  try {
    const order = await buyerOrder(lowercaseAscii(decodeURIComponent(username)), orderId, token);
    return buyerResponse(renderOrderPage(order, token), req);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return missing();
    throw error;
  }
});

export const HEAD = GET;
