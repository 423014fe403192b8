import "server-only";
import { randomUUID } from "node:crypto";
import { blocks } from "@/lib/blocks/registry";
import type { BlockSale } from "@/lib/blocks/block-kind";
import { saoPauloDay } from "@/lib/dates/sao-paulo-days";
import { seal } from "@/lib/email/seal";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { publicOrigin } from "@/lib/server/public-url";
import { enforce, type Limit } from "@/lib/server/rate-limit";
import { hashToken } from "@/lib/server/token-hash";
import { sellingStrings } from "@/lib/strings/selling";
import type { CheckoutInput } from "./checkout-schemas";
import { MercadoPagoError, createPixPayment } from "./mercadopago-client";
import { orderToken } from "./order-token";
import { sellerAccess } from "./payment-account";
import { requireSelling } from "./selling-config";
import { HOLDING_STATUSES } from "./selling-status";

// Buying (api.md, Selling with Pix): POST /api/checkout/{blockId} makes an
// order and its Pix charge on the creator's own Mercado Pago account. The
// order is written first (its unit of stock held, under the block's row lock,
// so two checkouts for the last unit cannot both take it), then the charge is
// created with the order's id as its idempotency key and external reference;
// a charge Mercado Pago refuses or does not make in time fails the order (its
// unit freed), so no order is left pending without a Pix code.

const s = sellingStrings;

/** How long a Pix charge may be paid. */
export const PIX_LIFETIME_MS = 30 * 60_000;
export const CHECKOUTS_PER_IP: Limit = { limit: 10, windowMs: 60 * 60_000 };
export const CHECKOUTS_PER_EMAIL: Limit = { limit: 5, windowMs: 60 * 60_000 };

const notForSale = () => new AppError("conflict", { message: s.notForSale });
const pixFailed = () => new AppError("bad_gateway", { message: s.pixFailed });

export interface CheckoutAnswer {
  orderId: string;
  status: "pending";
  amountCents: number;
  pix: { code: string; qrPng: string; expiresAt: string };
  statusUrl: string;
}

interface SoldBlock {
  id: string;
  pageId: string;
  kind: string;
  title: string;
  sale: BlockSale;
  data: unknown;
  stock: number | null;
}

/** The block, if it is a sold kind's on a page that may sell now; else 404 (no such block) or 409. */
async function soldBlock(blockId: string, now: Date): Promise<SoldBlock> {
  const link = await db.link.findUnique({
    where: { id: blockId },
    select: {
      id: true,
      pageId: true,
      kind: true,
      title: true,
      data: true,
      active: true,
      startsAt: true,
      endsAt: true,
      page: { select: { active: true, sensitive: true } },
      productFile: { select: { blockId: true } },
    },
  });
  const kind = link ? blocks.get(link.kind) : undefined;
  if (!link || !kind?.sale || !kind.data) throw new AppError("not_found");
  const data = kind.data.schema.safeParse(link.data);
  const scheduled = (!link.startsAt || link.startsAt <= now) && (!link.endsAt || link.endsAt > now);
  // A flagged page (its sensitive warning) or one an administrator deactivated does not sell.
  if (!data.success || !link.active || !scheduled || !link.page.active || link.page.sensitive !== "none") throw notForSale();
  // A product delivered as a file sells only once its file is uploaded: a paid order would have nothing to download.
  if (kind.sale.delivery(data.data).type === "file" && !link.productFile) throw notForSale();
  return { id: link.id, pageId: link.pageId, kind: link.kind, title: link.title, sale: kind.sale, data: data.data, stock: kind.sale.stock(data.data) };
}

/** Starts a purchase of block `blockId` by a visitor at `ip`. */
export async function startCheckout(blockId: string, input: CheckoutInput, ip: string, now = new Date()): Promise<CheckoutAnswer> {
  const config = requireSelling();
  await enforce(`checkout:ip:${ip}`, CHECKOUTS_PER_IP);
  await enforce(`checkout:email:${input.email}`, CHECKOUTS_PER_EMAIL);
  const block = await soldBlock(blockId, now);
  const amountCents = block.sale.price(block.data, input.amountCents);
  if (amountCents === null) throw new AppError("invalid_input", { message: s.invalidAmount, errors: { amountCents: s.invalidAmount } });
  let accessToken: string | null;
  try {
    accessToken = await sellerAccess(block.pageId, now);
  } catch (error) {
    if (error instanceof MercadoPagoError) throw pixFailed();
    throw error;
  }
  if (!accessToken) throw notForSale();

  const orderId = randomUUID();
  const token = orderToken(orderId);
  const expiresAt = new Date(now.getTime() + PIX_LIFETIME_MS);
  const feeCents = Math.round((amountCents * config.feePercent) / 100);
  await db.$transaction(async (tx) => {
    // The block's row is the stock's lock: checkouts of a block with a stock take turns here. One with none
    // needs no turn, only its row kept while the order is written (a share lock, which checkouts do not wait on).
    const locked =
      block.stock !== null
        ? await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Link" WHERE "id" = ${block.id} FOR UPDATE`
        : await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Link" WHERE "id" = ${block.id} FOR KEY SHARE`;
    if (!locked.length) throw notForSale();
    if (block.stock !== null) {
      const held = await tx.order.count({ where: { blockId: block.id, status: { in: HOLDING_STATUSES }, holdsStock: true } });
      if (held >= block.stock) throw notForSale();
    }
    await tx.order.create({
      data: {
        id: orderId,
        pageId: block.pageId,
        blockId: block.id,
        kind: block.kind,
        title: block.title,
        amountCents,
        feeCents,
        buyerName: input.name,
        buyerEmail: input.email,
        buyerCpf: input.cpf ? seal(input.cpf) : null,
        tokenHash: hashToken(token),
        expiresAt,
        holdsStock: block.stock !== null,
      },
    });
    await tx.$executeRaw`
      INSERT INTO "DailySalesStat" ("pageId", "day", "checkouts") VALUES (${block.pageId}, ${saoPauloDay(now)}::date, 1)
      ON CONFLICT ("pageId", "day") DO UPDATE SET "checkouts" = "DailySalesStat"."checkouts" + 1`;
  });

  let code: string;
  let qrBase64: string;
  let paymentId: string;
  try {
    const payment = await createPixPayment(accessToken, {
      idempotencyKey: orderId,
      amountCents,
      description: block.title,
      payer: { email: input.email, first_name: input.name, ...(input.cpf ? { identification: { type: "CPF" as const, number: input.cpf } } : {}) },
      externalReference: orderId,
      notificationUrl: `${publicOrigin()}/api/payments/notify`,
      expiresAt,
      applicationFeeCents: feeCents,
    });
    const data = payment.point_of_interaction?.transaction_data;
    if (!data?.qr_code || !data.qr_code_base64) throw new MercadoPagoError(201, "invalid_answer");
    [code, qrBase64, paymentId] = [data.qr_code, data.qr_code_base64, payment.id];
  } catch (error) {
    // No order is left pending without its charge: failed, its unit freed.
    await db.order.updateMany({ where: { id: orderId, status: "pending" }, data: { status: "failed", failedAt: new Date() } });
    if (error instanceof MercadoPagoError) throw pixFailed();
    throw error;
  }
  await db.order.update({ where: { id: orderId }, data: { paymentId, pixCode: code } });
  log.info("selling.checkout", { orderId, pageId: block.pageId });
  return {
    orderId,
    status: "pending",
    amountCents,
    pix: { code, qrPng: `data:image/png;base64,${qrBase64}`, expiresAt: expiresAt.toISOString() },
    statusUrl: `/api/orders/${orderId}/status?t=${token}`,
  };
}
