import "server-only";
import { blocks } from "@/lib/blocks/registry";
import { db } from "@/lib/server/db";
import { MercadoPagoError } from "./mercadopago-client";
import { checkPayment } from "./order-payments";
import { sellingConfig } from "./selling-config";
import { saleStates } from "./selling-status";

// What the checkout page shows of a block (api.md, Buying): its title, price
// or a tip's amounts, and whether it may be bought now. Read by username and
// block together, so an address naming another page's block finds nothing.

export interface CheckoutView {
  username: string;
  pageName: string;
  blockId: string;
  title: string;
  description: string | null;
  /** A product's price; null for a tip. */
  priceCents: number | null;
  tip: { amountsCents: number[]; allowCustom: boolean } | null;
  /** Selling is on, the page connected, the block active (a file product's file uploaded), the page neither flagged nor deactivated. */
  open: boolean;
  soldOut: boolean;
}

export async function checkoutView(username: string, blockId: string, now = new Date()): Promise<CheckoutView | null> {
  if (!sellingConfig() || blockId.length > 64) return null;
  const link = await db.link.findFirst({
    where: { id: blockId, page: { username } },
    select: {
      id: true,
      kind: true,
      title: true,
      data: true,
      active: true,
      startsAt: true,
      endsAt: true,
      page: { select: { id: true, name: true, username: true, active: true, sensitive: true } },
    },
  });
  const kind = link ? blocks.get(link.kind) : undefined;
  const parsed = kind?.data?.schema.safeParse(link!.data);
  if (!link || !kind?.sale || !parsed?.success || !link.page.active) return null;
  const data = parsed.data as Record<string, unknown>;
  const stock = kind.sale.stock(parsed.data);
  const fileBlocks = kind.sale.delivery(parsed.data).type === "file" ? [link.id] : [];
  const state = (await saleStates(link.page.id, new Map(stock === null ? [] : [[link.id, stock]]), fileBlocks))(link.id);
  const scheduled = (!link.startsAt || link.startsAt <= now) && (!link.endsAt || link.endsAt > now);
  const isTip = Array.isArray(data.amountsCents);
  return {
    username: link.page.username,
    pageName: link.page.name || link.page.username,
    blockId: link.id,
    title: link.title,
    description: typeof data.description === "string" ? data.description : null,
    priceCents: isTip ? null : kind.sale.price(parsed.data, null),
    tip: isTip ? { amountsCents: data.amountsCents as number[], allowCustom: Boolean(data.allowCustom) } : null,
    open: state.open && link.active && scheduled && link.page.sensitive === "none",
    soldOut: state.soldOut,
  };
}

/** How often a buyer's 'Já paguei' (the order's page drawn again) may ask Mercado Pago about a pending order. */
const ASK_AT_MOST_EVERY_MS = 5_000;

/**
 * A pending order drawn for its buyer: Mercado Pago is asked about it (at most
 * once in 5 s, whoever asks), so 'Já paguei' finds a payment whose
 * notification has not come.
 */
export async function refreshPendingOrder(orderId: string, now = new Date()): Promise<void> {
  const order = await db.order.findUnique({ where: { id: orderId }, select: { status: true, paymentId: true } });
  if (order?.status !== "pending" || !order.paymentId) return;
  const turn = await db.order.updateMany({
    where: { id: orderId, status: "pending", OR: [{ checkedAt: null }, { checkedAt: { lte: new Date(now.getTime() - ASK_AT_MOST_EVERY_MS) } }] },
    data: { checkedAt: now },
  });
  if (!turn.count) return;
  try {
    await checkPayment(order.paymentId, now);
  } catch (error) {
    if (!(error instanceof MercadoPagoError)) throw error;
  }
}
