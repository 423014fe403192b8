import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { strings } from "@/lib/strings";
import { linkSelect, toLinkDto, type LinkDto } from "./link-dto";
import type { LinkInput, LinkOrder } from "./link-schemas";
import { onProfileChanged } from "@/lib/profile/profile-cache";
import { assertDomainAllowed } from "@/lib/moderation/blocked-domains";

// Positions are unique and gapless per owner. Every write that touches them
// first locks the owner's row, so concurrent tabs take turns.

type Tx = Prisma.TransactionClient;
const TX = { maxWait: 15_000, timeout: 20_000 } as const;

async function lockOwner(tx: Tx, userId: string) {
  await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
}

const notFound = () => new AppError("not_found", { message: strings.links.notFoundTitle });

export async function createLink(userId: string, input: LinkInput): Promise<LinkDto> {
  await assertDomainAllowed(input.url);
  const link = await db.$transaction(async (tx) => {
    await lockOwner(tx, userId);
    const order = await tx.link.count({ where: { userId } });
    return tx.link.create({ data: { userId, title: input.title, url: input.url, active: input.active, order }, select: linkSelect });
  }, TX);
  await onProfileChanged(userId);
  return toLinkDto(link);
}

export async function updateLink(userId: string, id: string, data: Partial<LinkInput>): Promise<LinkDto> {
  if (data.url !== undefined) await assertDomainAllowed(data.url);
  const { count } = await db.link.updateMany({ where: { id, userId }, data });
  if (!count) throw notFound();
  await onProfileChanged(userId);
  const link = await db.link.findFirst({ where: { id, userId }, select: linkSelect });
  if (!link) throw notFound();
  return toLinkDto(link);
}

export async function deleteLink(userId: string, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockOwner(tx, userId);
    const link = await tx.link.findFirst({ where: { id, userId }, select: { order: true } });
    if (!link) throw notFound();
    await tx.link.delete({ where: { id } });
    await tx.link.updateMany({ where: { userId, order: { gt: link.order } }, data: { order: { decrement: 1 } } });
  }, TX);
  await onProfileChanged(userId);
}

/**
 * Applies a new order in one transaction. It must name every one of the
 * owner's links exactly once, with distinct positions; anything else (a
 * foreign, missing or repeated id) is refused and nothing changes. Positions
 * are stored as 0..n-1 in the submitted order.
 */
export async function reorderLinks(userId: string, orders: LinkOrder[]): Promise<void> {
  const ids = orders.map((o) => o.id);
  const positions = new Set(orders.map((o) => o.order));
  if (new Set(ids).size !== ids.length || positions.size !== orders.length) throw invalidOrder();
  await db.$transaction(async (tx) => {
    await lockOwner(tx, userId);
    const own = await tx.link.findMany({ where: { userId }, select: { id: true } });
    const ownIds = new Set(own.map((l) => l.id));
    if (own.length !== ids.length || !ids.every((id) => ownIds.has(id))) throw invalidOrder();
    const sorted = [...orders].sort((a, b) => a.order - b.order);
    for (const [index, entry] of sorted.entries()) {
      await tx.link.updateMany({ where: { id: entry.id, userId }, data: { order: index } });
    }
  }, TX);
  await onProfileChanged(userId);
}

function invalidOrder() {
  return new AppError("invalid_input", { message: strings.links.reorderInvalid });
}
