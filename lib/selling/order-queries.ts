import "server-only";
import { z } from "zod";
import { toCsv } from "@/lib/csv/write-csv";
import { unseal } from "@/lib/email/seal";
import type { Prisma } from "@/lib/generated/prisma/client";
import { reaisInput } from "@/lib/money/money";
import { db } from "@/lib/server/db";
import { sellingStrings } from "@/lib/strings/selling";
import { maskCpf } from "./cpf";

// The creator's reads of a page's orders (api.md, The creator's sales): GET
// /api/orders (newest first, 50 a page, the CPF only masked) and its CSV.

export const ORDERS_PAGE_SIZE = 50;
export const ORDER_STATUSES = ["pending", "paid", "failed", "refunded"] as const;

export const orderDtoSchema = z.object({
  id: z.string(),
  blockId: z.string().nullable(),
  title: z.string(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  buyer: z.object({ name: z.string().nullable(), email: z.string().nullable(), cpf: z.string().nullable() }),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type OrderDto = z.infer<typeof orderDtoSchema>;
export const orderPageSchema = z.object({ items: z.array(orderDtoSchema), nextCursor: z.string().nullable() });
export const orderListQuerySchema = z.object({ cursor: z.string().max(64).optional() });

const SELECT = {
  id: true,
  blockId: true,
  title: true,
  amountCents: true,
  feeCents: true,
  status: true,
  buyerName: true,
  buyerEmail: true,
  buyerCpf: true,
  createdAt: true,
  paidAt: true,
  refundedAt: true,
} satisfies Prisma.OrderSelect;
type Row = Prisma.OrderGetPayload<{ select: typeof SELECT }>;

/** The CPF shown masked (`***.456.789-**`); one sealed under another AUTH_SECRET reads as none. */
function maskedCpf(sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return maskCpf(unseal(sealed));
  } catch {
    return null;
  }
}

const toDto = (r: Row): OrderDto => ({
  id: r.id,
  blockId: r.blockId,
  title: r.title,
  amountCents: r.amountCents,
  feeCents: r.feeCents,
  status: r.status as OrderDto["status"],
  buyer: { name: r.buyerName, email: r.buyerEmail, cpf: maskedCpf(r.buyerCpf) },
  createdAt: r.createdAt.toISOString(),
  paidAt: r.paidAt?.toISOString() ?? null,
  refundedAt: r.refundedAt?.toISOString() ?? null,
});

const NEWEST_FIRST: Prisma.OrderOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

/** GET /api/orders?page=&cursor=. */
export async function listOrders(pageId: string, query: z.infer<typeof orderListQuerySchema>): Promise<z.infer<typeof orderPageSchema>> {
  // A cursor is an order of this page (another's starts over at nothing).
  if (query.cursor && !(await db.order.findFirst({ where: { id: query.cursor, pageId }, select: { id: true } }))) return { items: [], nextCursor: null };
  const rows = await db.order.findMany({
    where: { pageId },
    orderBy: NEWEST_FIRST,
    take: ORDERS_PAGE_SIZE + 1,
    ...(query.cursor ? { cursor: { id: query.cursor }, skip: 1 } : {}),
    select: SELECT,
  });
  const items = rows.slice(0, ORDERS_PAGE_SIZE).map(toDto);
  return { items, nextCursor: rows.length > ORDERS_PAGE_SIZE ? items[items.length - 1]!.id : null };
}

/** GET /api/orders/export?page=: every order, newest first (`data,produto,comprador,email,valor,status`). */
export async function ordersCsv(pageId: string): Promise<string> {
  const rows = await db.order.findMany({ where: { pageId }, orderBy: NEWEST_FIRST, select: SELECT });
  return toCsv([
    sellingStrings.ordersCsvHeader.split(","),
    ...rows.map((r) => [r.createdAt.toISOString(), r.title, r.buyerName ?? "", r.buyerEmail ?? "", reaisInput(r.amountCents), r.status]),
  ]);
}

/** The page's orders in its owner's data export (LGPD): every order, newest first, the CPF only masked. */
export async function exportOrders(pageId: string): Promise<OrderDto[]> {
  return (await db.order.findMany({ where: { pageId }, orderBy: NEWEST_FIRST, select: SELECT })).map(toDto);
}
