import "server-only";
import { formatReais } from "@/lib/money/money";
import { escapeHtml as h } from "@/lib/server/escape-html";
import type { RenderedPage } from "@/lib/server/html-answer";
import { sellingStrings } from "@/lib/strings/selling";
import { buyerDocument } from "./buyer-document";
import type { BuyerOrder } from "./buyer-orders";

// The order page (api.md, The buyer is served: /{username}/pedido/{orderId}?t=):
// a paid file product's download (with what is left of its 10 downloads and
// 30 days), a paid link product's address, a tip's thanks; a refunded order
// shows it is closed; an unpaid one sends back to its Pix.

const s = sellingStrings;

const dateFormat = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "America/Sao_Paulo" });

export function renderOrderPage(order: BuyerOrder, token: string, now = new Date()): RenderedPage {
  const head = `<p class="muted">${h(order.pageName)}</p><h1>${h(s.orderTitle(order.title))}</h1><p>${h(formatReais(order.amountCents))}</p>`;
  const back = `<a class="back" href="/${h(order.username)}">${h(s.backToPage(order.pageName))}</a>`;
  const t = encodeURIComponent(token);
  let part: string;
  if (order.status === "refunded") part = `<p class="alert">${h(s.orderClosed)}</p>`;
  else if (order.status !== "paid") {
    const pix =
      order.blockId && order.status === "pending"
        ? `<a class="button" href="/${h(order.username)}/comprar/${h(order.blockId)}?pedido=${h(order.id)}&amp;t=${t}">${h(s.alreadyPaid)}</a>`
        : "";
    part = `<p>${h(order.status === "pending" ? s.orderPending : s.failed)}</p>${pix}`;
  } else if (!order.delivery) part = `<p>${h(s.fileUnavailable)}</p>`;
  else if (order.delivery.type === "thanks") part = `<p class="ok">${h(s.thanks(order.pageName))}</p>`;
  else if (order.delivery.type === "link")
    part = `<p>${h(s.accessLink)}</p><p><a href="${h(order.delivery.url)}" rel="noreferrer">${h(order.delivery.url)}</a></p>`;
  else {
    const open = order.downloadsLeft > 0 && order.downloadUntil !== null && order.downloadUntil > now;
    part = open
      ? `<a class="button" href="/api/orders/${h(order.id)}/download?t=${t}" download>${h(s.download)}</a><p class="muted">${h(s.downloadsLeft(order.downloadsLeft, dateFormat.format(order.downloadUntil!)))}</p>`
      : `<p class="alert">${h(s.downloadsOver)}</p>`;
  }
  return buyerDocument(
    s.orderTitle(order.title),
    `<div class="card">${head}${order.status === "paid" ? `<p class="ok">${h(s.paid)}</p>` : ""}</div><section class="card">${part}</section>${back}`,
  );
}
