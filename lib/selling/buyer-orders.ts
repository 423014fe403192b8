import "server-only";
import { blocks } from "@/lib/blocks/registry";
import type { SaleDelivery } from "@/lib/blocks/block-kind";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { sellingStrings } from "@/lib/strings/selling";
import { orderTokenMatches } from "./order-token";
import { openProductFile, type OpenedProductFile } from "./product-files";

// What the buyer reaches with the order link's token (api.md, The buyer is
// served): the order's status (the checkout page asks it every 3 s), the
// order page's contents, and the file's download, at most 10 times in the 30
// days after payment. A wrong token is a missing order (404); a refunded order
// serves nothing.

const s = sellingStrings;

export const MAX_DOWNLOADS = 10;
export const DOWNLOAD_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

const SELECT = {
  id: true,
  pageId: true,
  blockId: true,
  kind: true,
  title: true,
  amountCents: true,
  status: true,
  tokenHash: true,
  pixCode: true,
  expiresAt: true,
  paidAt: true,
  downloads: true,
  page: { select: { username: true, name: true } },
} as const;

async function findOrder(orderId: string, token: string | null | undefined) {
  const order = orderId.length <= 64 ? await db.order.findUnique({ where: { id: orderId }, select: SELECT }) : null;
  if (!order || !orderTokenMatches(token, order.tokenHash)) throw new AppError("not_found");
  return order;
}

/** GET /api/orders/{id}/status?t=: `{status, paidAt}`. */
export async function orderStatus(orderId: string, token: string | null): Promise<{ status: string; paidAt: string | null }> {
  const order = await findOrder(orderId, token);
  return { status: order.status, paidAt: order.paidAt?.toISOString() ?? null };
}

export interface BuyerOrder {
  id: string;
  username: string;
  pageName: string;
  blockId: string | null;
  title: string;
  amountCents: number;
  status: string;
  pixCode: string | null;
  expiresAt: Date;
  paidAt: Date | null;
  /** What the paid order gets (null when its block is gone). */
  delivery: SaleDelivery | null;
  downloadsLeft: number;
  downloadUntil: Date | null;
}

/** The order behind an order link (the checkout page's Pix, the order page), for `username`'s page only. */
export async function buyerOrder(username: string, orderId: string, token: string | null): Promise<BuyerOrder> {
  const order = await findOrder(orderId, token);
  if (order.page.username !== username) throw new AppError("not_found");
  const block = order.blockId ? await db.link.findUnique({ where: { id: order.blockId }, select: { kind: true, data: true } }) : null;
  const kind = block ? blocks.get(block.kind) : undefined;
  const data = kind?.data?.schema.safeParse(block!.data);
  const delivery = kind?.sale && data?.success ? kind.sale.delivery(data.data) : null;
  const downloadUntil = order.paidAt ? new Date(order.paidAt.getTime() + DOWNLOAD_DAYS * DAY_MS) : null;
  return {
    id: order.id,
    username: order.page.username,
    pageName: order.page.name || order.page.username,
    blockId: order.blockId,
    title: order.title,
    amountCents: order.amountCents,
    status: order.status,
    pixCode: order.pixCode,
    expiresAt: order.expiresAt,
    paidAt: order.paidAt,
    delivery,
    downloadsLeft: Math.max(0, MAX_DOWNLOADS - order.downloads),
    downloadUntil,
  };
}

/**
 * The file of a paid order, counted: one of its 10 downloads in 30 days,
 * taken by one conditional update, so downloads at once cannot pass the limit.
 */
export async function downloadOrderFile(orderId: string, token: string | null, now = new Date()): Promise<OpenedProductFile> {
  const order = await findOrder(orderId, token);
  if (order.status === "refunded") throw new AppError("forbidden", { message: s.orderClosed });
  if (order.status !== "paid" || !order.paidAt || !order.blockId) throw new AppError("forbidden", { message: s.orderPending });
  const block = await db.link.findUnique({ where: { id: order.blockId }, select: { kind: true, data: true } });
  const kind = block ? blocks.get(block.kind) : undefined;
  const data = kind?.data?.schema.safeParse(block!.data);
  if (!kind?.sale || !data?.success || kind.sale.delivery(data.data).type !== "file") throw new AppError("not_found");
  const since = new Date(now.getTime() - DOWNLOAD_DAYS * DAY_MS);
  const counted = await db.order.updateMany({
    where: { id: order.id, status: "paid", downloads: { lt: MAX_DOWNLOADS }, paidAt: { gte: since } },
    data: { downloads: { increment: 1 } },
  });
  if (!counted.count) throw new AppError("forbidden", { message: s.downloadsOver });
  const file = await openProductFile(order.blockId);
  if (!file) {
    // Not the buyer's fault: the download is given back.
    await db.order.update({ where: { id: order.id }, data: { downloads: { decrement: 1 } } });
    throw new AppError("not_found", { message: s.fileUnavailable });
  }
  return file;
}
