import "server-only";
import { pixQrSvg } from "@/lib/qr/pix-qr";
import { formatReais, reaisInput } from "@/lib/money/money";
import { escapeHtml as h } from "@/lib/server/escape-html";
import type { RenderedPage } from "@/lib/server/html-answer";
import type { FormFlash } from "@/lib/server/form-post";
import { sellingStrings } from "@/lib/strings/selling";
import { sellingLookStrings } from "@/lib/strings/selling-kinds";
import { buyerDocument } from "./buyer-document";
import type { BuyerOrder } from "./buyer-orders";
import type { CheckoutView } from "./checkout-view";
import { CHECKOUT_SCRIPT } from "./checkout-script";

// The checkout page's drawing (api.md, Buying): the buyer's form, posted to
// POST /api/checkout/{blockId} (works without JavaScript; a refusal comes back
// with its messages), then the order's Pix: the QR code drawn on the server,
// the code with 'Copiar código', the time left, 'Já paguei', and
// `Pagamento confirmado` once paid.

const s = sellingStrings;

const backLink = (view: { username: string; pageName: string }) => `<a class="back" href="/${h(view.username)}">${h(s.backToPage(view.pageName))}</a>`;
const fieldError = (flash: FormFlash | null, name: string) => {
  const message = flash?.errors?.[name];
  return message ? `<p class="error" id="erro-${name}">${h(message)}</p>` : "";
};
const described = (flash: FormFlash | null, name: string) => (flash?.errors?.[name] ? ` aria-invalid="true" aria-describedby="erro-${name}"` : "");

function heading(view: CheckoutView): string {
  const price = view.priceCents !== null ? `<p class="price">${h(formatReais(view.priceCents))}</p>` : "";
  const description = view.description ? `<p class="muted">${h(view.description)}</p>` : "";
  return `<p class="muted">${h(view.pageName)}</p><h1>${h(view.title)}</h1>${price}${description}`;
}

function tipChoices(view: CheckoutView, flash: FormFlash | null, asked: number | null): string {
  if (!view.tip) return "";
  const chosen =
    flash?.values?.valor ??
    (asked !== null && view.tip.amountsCents.includes(asked)
      ? String(asked)
      : asked !== null && view.tip.allowCustom
        ? "outro"
        : String(view.tip.amountsCents[0]));
  const radio = (value: string, label: string) =>
    `<label><input type="radio" name="valor" value="${h(value)}"${chosen === value ? " checked" : ""}> ${h(label)}</label>`;
  const other = view.tip.allowCustom
    ? radio("outro", s.otherAmountLabel.replace(" (R$)", "")) +
      `</fieldset><label for="outroValor">${h(s.otherAmountLabel)}</label><input type="text" inputmode="decimal" id="outroValor" name="outroValor" placeholder="10,00" value="${h(flash?.values?.outroValor ?? (chosen === "outro" && asked !== null ? reaisInput(asked) : ""))}">`
    : "</fieldset>";
  return `<fieldset class="amounts"><legend>${h(s.amountLabel)}</legend>${view.tip.amountsCents.map((cents) => radio(String(cents), formatReais(cents))).join("")}${other}${fieldError(flash, "amountCents")}`;
}

/** The form: name, e-mail, CPF (optional), a tip's amount; or why the block cannot be bought now. */
export function renderCheckoutForm(view: CheckoutView, flash: FormFlash | null, asked: number | null): RenderedPage {
  const title = s.checkoutTitle(view.title);
  if (!view.open || view.soldOut) {
    return buyerDocument(
      title,
      `<div class="card">${heading(view)}<p class="alert" role="alert">${h(view.soldOut && view.open ? sellingLookStrings.soldOut : s.notForSale)}</p></div>${backLink(view)}`,
    );
  }
  const v = (name: string) => h(flash?.values?.[name] ?? "");
  const alert = flash && !flash.errors ? `<p class="alert" role="alert">${h(flash.message)}</p>` : "";
  const body =
    `<div class="card">${heading(view)}</div>${alert}` +
    `<form class="card" method="post" action="/api/checkout/${h(view.blockId)}">` +
    `<input type="hidden" name="pagina" value="${h(view.username)}"><input type="hidden" name="bloco" value="${h(view.blockId)}">` +
    tipChoices(view, flash, asked) +
    `<label for="name">${h(s.nameLabel)}</label><input type="text" id="name" name="name" autocomplete="name" required maxlength="100" value="${v("name")}"${described(flash, "name")}>${fieldError(flash, "name")}` +
    `<label for="email">${h(s.emailLabel)}</label><input type="email" id="email" name="email" autocomplete="email" required value="${v("email")}" aria-describedby="dica-email${flash?.errors?.email ? " erro-email" : ""}"${flash?.errors?.email ? ' aria-invalid="true"' : ""}>` +
    `<p class="muted" id="dica-email">${h(s.emailHint)}</p>${fieldError(flash, "email")}` +
    `<label for="cpf">${h(s.cpfLabel)}</label><input type="text" id="cpf" name="cpf" inputmode="numeric" placeholder="000.000.000-00" maxlength="14" value="${v("cpf")}"${described(flash, "cpf")}>${fieldError(flash, "cpf")}` +
    `<button type="submit">${h(s.payWithPix)}</button></form>${backLink(view)}`;
  return buyerDocument(title, body);
}

/** The order's Pix (pending), or its end: `Pagamento confirmado`, expired or failed. `orderUrl`: the order page, with its token. */
export function renderCheckoutOrder(
  view: CheckoutView,
  order: BuyerOrder,
  urls: { status: string; order: string; again: string },
  now = new Date(),
): RenderedPage {
  const title = s.checkoutTitle(view.title);
  const paid = `<p class="ok" tabindex="-1">${h(s.paid)}</p><p>${h(s.paidHint)}</p><a class="button" href="${h(urls.order)}">${h(s.seeOrder)}</a>`;
  if (order.status === "paid" || order.status === "refunded") {
    return buyerDocument(
      title,
      `<div class="card">${heading(view)}</div><section class="card" role="status">${order.status === "paid" ? paid : `<p>${h(s.refunded)}</p>`}</section>${backLink(view)}`,
    );
  }
  const lapsed = order.expiresAt <= now;
  if (order.status !== "pending" || lapsed || !order.pixCode) {
    return buyerDocument(
      title,
      `<div class="card">${heading(view)}</div><section class="card" role="status"><p>${h(lapsed || order.status === "failed" ? s.expired : s.failed)}</p><a class="button" href="${h(urls.again)}">${h(s.tryAgain)}</a></section>${backLink(view)}`,
    );
  }
  const minutes = Math.max(0, Math.ceil((order.expiresAt.getTime() - now.getTime()) / 60_000));
  const body =
    `<div class="card">${heading(view)}<p>${h(s.total(formatReais(order.amountCents)))}</p></div>` +
    `<section class="card" id="pix" data-status="${h(urls.status)}" data-expires="${order.expiresAt.getTime()}">` +
    `<p>${h(s.scanOrCopy)}</p><div class="qr" role="img" aria-label="QR code do Pix de ${h(formatReais(order.amountCents))}">${pixQrSvg(order.pixCode)}</div>` +
    `<label for="codigo">${h(s.pixCodeLabel)}</label><textarea id="codigo" rows="4" readonly>${h(order.pixCode)}</textarea>` +
    `<button type="button" id="copiar" class="secondary" data-done="${h(s.copied)}" hidden>${h(s.copyCode)}</button>` +
    `<p id="tempo" data-label="${h(s.timeLeft(0).replace("0", "{m}"))}" aria-live="off">${h(s.timeLeft(minutes))}</p>` +
    `<p class="muted" role="status">${h(s.waiting)}</p>` +
    `<form method="get"><input type="hidden" name="pedido" value="${h(order.id)}"><input type="hidden" name="t" value="${h(new URL(urls.status, "http://x").searchParams.get("t") ?? "")}"><input type="hidden" name="pago" value="1"><button type="submit" class="secondary">${h(s.alreadyPaid)}</button></form>` +
    `</section><section class="card" id="pago" role="status" tabindex="-1" hidden>${paid}</section>${backLink(view)}`;
  return buyerDocument(title, body, CHECKOUT_SCRIPT);
}
