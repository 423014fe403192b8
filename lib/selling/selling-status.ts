import "server-only";
import type { SaleState } from "@/lib/blocks/block-kind";
import { blocks } from "@/lib/blocks/registry";
import { db } from "@/lib/server/db";
import { isConnected } from "./payment-account";
import { sellingConfig } from "./selling-config";

// Whether a page's sold blocks may be bought now (api.md, Selling with Pix):
// selling is on, the page's Mercado Pago account is connected, a product
// delivered as a file has its file uploaded, and a block with stock has units
// no pending or paid order holds. Read once per page by
// the public page's query (lib/profile/profile-queries.ts), never per block.

/** The statuses of an order that keep its unit of stock. */
export const HOLDING_STATUSES = ["pending", "paid"];

/** Units of each block held by its pending and paid orders (one query for them all); a block with none is absent. */
export async function heldUnits(blockIds: readonly string[]): Promise<Map<string, number>> {
  if (!blockIds.length) return new Map();
  const rows = await db.order.groupBy({
    by: ["blockId"],
    where: { blockId: { in: [...blockIds] }, status: { in: HOLDING_STATUSES }, holdsStock: true },
    _count: { _all: true },
  });
  return new Map(rows.flatMap((row) => (row.blockId ? [[row.blockId, row._count._all] as const] : [])));
}

/** Which of `blockIds` have their file uploaded (one query for them all). */
async function withFiles(blockIds: readonly string[]): Promise<Set<string>> {
  if (!blockIds.length) return new Set();
  const rows = await db.productFile.findMany({ where: { blockId: { in: [...blockIds] } }, select: { blockId: true } });
  return new Set(rows.map((row) => row.blockId));
}

/**
 * Each sold block's state on the page: `stocked` names the blocks with a
 * stock and how many units it has (the others never sell out); `fileBlocks`
 * the blocks delivered as a file, not for sale until their file is uploaded.
 */
export async function saleStates(
  pageId: string,
  stocked: ReadonlyMap<string, number>,
  fileBlocks: readonly string[] = [],
): Promise<(blockId: string) => SaleState> {
  const open = sellingConfig() !== null && (await isConnected(pageId));
  const [held, files] = open ? await Promise.all([heldUnits([...stocked.keys()]), withFiles(fileBlocks)]) : [new Map<string, number>(), new Set<string>()];
  const needsFile = new Set(fileBlocks);
  return (blockId) => {
    const stock = stocked.get(blockId);
    return { open: open && (!needsFile.has(blockId) || files.has(blockId)), soldOut: stock !== undefined && (held.get(blockId) ?? 0) >= stock };
  };
}

/**
 * The sale state of each block of the page's `links` whose kind sells (its
 * stock read by the kind itself); no query at all when none does.
 */
export async function pageSaleStates(
  pageId: string,
  links: readonly { id: string; kind: string; data: unknown }[],
): Promise<(blockId: string) => SaleState | undefined> {
  const stocked = new Map<string, number>();
  const fileBlocks: string[] = [];
  let sells = false;
  for (const link of links) {
    const kind = blocks.get(link.kind);
    if (!kind?.sale || !kind.data) continue;
    sells = true;
    const data = kind.data.schema.safeParse(link.data);
    const stock = data.success ? kind.sale.stock(data.data) : null;
    if (stock !== null) stocked.set(link.id, stock);
    if (data.success && kind.sale.delivery(data.data).type === "file") fileBlocks.push(link.id);
  }
  return sells ? saleStates(pageId, stocked, fileBlocks) : () => undefined;
}
