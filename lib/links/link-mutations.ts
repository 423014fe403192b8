import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { linksStrings } from "@/lib/strings/links";
import { richLinksStrings } from "@/lib/strings/rich-links";
import { linkSelect, toLinkDto, type LinkDto } from "./link-dto";
import type { LinkInput, LinkOrder, LinkReplaceInput } from "./link-schemas";
import { onProfileChanged } from "@/lib/profile-cache/profile-cache";
import { assertDomainAllowed } from "@/lib/moderation/blocked-domains";
import { discardImage } from "@/lib/images/store-image";
import { blocks } from "@/lib/blocks/registry";
import type { BlockKind } from "@/lib/blocks/block-kind";
import { errorsStrings } from "@/lib/strings/errors";
import { parseEmbedUrl } from "@/lib/blocks/kinds/embed/embed-url";
import { refreshPoster, type Fetcher } from "./embed-poster";
import { queueWebhookEvent } from "@/lib/webhooks/webhook-outbox";
import { PAGE_LINK_LIMIT } from "./link-limit";

const strings = { links: linksStrings, richLinks: richLinksStrings };

// Positions are unique and gapless per page. Every write that touches them
// first takes the page's turn (lockOwner), so concurrent tabs (and the page's
// members) take turns. Every function takes the page's id (lib/pages/page-access.ts).

type Tx = Prisma.TransactionClient;
export const TX = { maxWait: 15_000, timeout: 20_000 } as const;

/**
 * The page's turn for a write to its links' positions: its row, then
 * every link of it in id order. The page's row is locked FOR NO KEY
 * UPDATE: writers take turns, while the count statement (which KEY SHAREs the
 * page and locks its links in id order, lib/stats/count-store.ts) never waits
 * on it. Before, a reorder holding the page's row FOR UPDATE and waiting for a
 * link a batch of counts had locked, while that batch waited for the page's
 * row, was a deadlock PostgreSQL settled by failing one of them (a 500).
 */
export async function lockOwner(tx: Tx, pageId: string) {
  await tx.$queryRaw`SELECT id FROM "Page" WHERE id = ${pageId} FOR NO KEY UPDATE`;
  await tx.$queryRaw`SELECT id FROM "Link" WHERE "pageId" = ${pageId} ORDER BY id FOR NO KEY UPDATE`;
}

export const notFound = () => new AppError("not_found", { message: strings.links.notFoundTitle });

/** The columns a new link (or block) is created with; never an id, clicks, order or owner from a body. */
export function newLinkData(input: LinkInput) {
  return {
    kind: input.kind,
    title: input.title,
    url: input.url,
    ...(input.data ? { data: input.data as Prisma.InputJsonObject } : {}),
    active: input.active,
    highlighted: input.highlighted ?? false,
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
    sensitive: input.sensitive ?? false,
    openInApp: input.openInApp,
  };
}

/** A kind with an address someone follows (a moderator may block its domain). */
const hasAddress = (kind: string) => Boolean(blocks.get(kind)?.address);

/** How many more links the page may hold (PAGE_LINK_LIMIT), read in the caller's transaction once its turn is taken. */
export async function linkRoom(tx: Tx, pageId: string): Promise<{ count: number; room: number }> {
  const count = await tx.link.count({ where: { pageId } });
  return { count, room: Math.max(0, PAGE_LINK_LIMIT - count) };
}

/**
 * Appends `inputs` after the page's last link, in order, in the caller's
 * transaction (the page's turn taken, the room checked): the one write of a
 * new link's row, for a typed link and an import alike.
 */
export async function appendLinks(tx: Tx, pageId: string, first: number, inputs: LinkInput[]) {
  const created = [];
  for (const [i, input] of inputs.entries()) {
    const link = await tx.link.create({ data: { pageId, order: first + i, ...newLinkData(input) }, select: linkSelect });
    // The page's webhooks hear of it with the change (the outbox: lib/webhooks/webhook-outbox.ts).
    await queueWebhookEvent(tx, pageId, "link.created", toLinkDto(link));
    created.push(link);
  }
  return created;
}

const limitReached = () => new AppError("invalid_input", { message: strings.links.limitReached(PAGE_LINK_LIMIT) });

/** `fetcher`: how a player's picture is fetched from its provider (tests hand in their own). */
export async function createLink(pageId: string, input: LinkInput, fetcher?: Fetcher): Promise<LinkDto> {
  if (hasAddress(input.kind)) await assertDomainAllowed(input.url);
  const link = await db.$transaction(async (tx) => {
    await lockOwner(tx, pageId);
    const { count, room } = await linkRoom(tx, pageId);
    if (room < 1) throw limitReached();
    const [created] = await appendLinks(tx, pageId, count, [input]);
    return created!;
  }, TX);
  const embed = blocks.get(input.kind)?.poster ? parseEmbedUrl(input.url) : null;
  if (embed) {
    await refreshPoster(pageId, link.id, embed, fetcher);
    return reread(pageId, link.id);
  }
  await onProfileChanged(pageId);
  return toLinkDto(link);
}

async function reread(pageId: string, id: string): Promise<LinkDto> {
  const link = await db.link.findFirst({ where: { id, pageId }, select: linkSelect });
  if (!link) throw notFound();
  return toLinkDto(link);
}

type LinkChanges = Partial<Omit<LinkReplaceInput, "url">> & { url?: string | undefined };

/** The stored form of a url sent for this kind, or a field error (the kinds without an address keep none). */
function urlFor(kind: BlockKind, url: string | undefined): string | undefined {
  if (url === undefined || !kind.address) return undefined;
  const stored = kind.address.parse(url);
  if (!stored) throw new AppError("invalid_input", { errors: { url: kind.address.invalid } });
  return stored;
}

/**
 * PUT (title present: a link needs its url) and PATCH. Absent fields keep
 * their value; the window is checked against the stored one; a kind's data
 * only for that kind, and the switches only where the kind has them.
 */
export async function updateLink(pageId: string, id: string, changes: LinkChanges, fetcher?: Fetcher): Promise<LinkDto> {
  const current = await db.link.findFirst({ where: { id, pageId }, select: { kind: true, url: true, startsAt: true, endsAt: true } });
  if (!current) throw notFound();
  const kind = blocks.get(current.kind) ?? blocks.get("link")!;
  const url = urlFor(kind, changes.url);
  if (url) await assertDomainAllowed(url);
  if (kind.address && changes.title !== undefined && changes.url === undefined) {
    throw new AppError("invalid_input", { errors: { url: strings.links.invalidUrl } });
  }
  if (changes.data && changes.data.kind !== kind.name) {
    const field = blocks.get(changes.data.kind)?.data?.field ?? "data";
    throw new AppError("invalid_input", { errors: { [field]: errorsStrings.invalidInput } });
  }
  const startsAt = changes.startsAt !== undefined ? changes.startsAt : current.startsAt;
  const endsAt = changes.endsAt !== undefined ? changes.endsAt : current.endsAt;
  if (startsAt && endsAt && endsAt <= startsAt) {
    throw new AppError("invalid_input", { errors: { endsAt: strings.richLinks.endBeforeStart } });
  }
  const data = Object.fromEntries(
    Object.entries({
      title: changes.title,
      active: changes.active,
      startsAt: changes.startsAt,
      endsAt: changes.endsAt,
      url,
      data: changes.data ? (changes.data.value as Prisma.InputJsonObject) : undefined,
      highlighted: kind.can.highlight ? changes.highlighted : undefined,
      sensitive: kind.can.sensitive ? changes.sensitive : undefined,
      openInApp: kind.can.openInApp ? changes.openInApp : undefined,
    }).filter(([, v]) => v !== undefined),
  );
  await db.$transaction(async (tx) => {
    const { count } = await tx.link.updateMany({ where: { id, pageId }, data });
    if (!count) throw notFound();
    const updated = await tx.link.findFirstOrThrow({ where: { id, pageId }, select: linkSelect });
    await queueWebhookEvent(tx, pageId, "link.updated", toLinkDto(updated));
  }, TX);
  const embed = kind.poster && url && url !== current.url ? parseEmbedUrl(url) : null;
  if (embed) await refreshPoster(pageId, id, embed, fetcher);
  else await onProfileChanged(pageId);
  return reread(pageId, id);
}

export async function deleteLink(pageId: string, id: string): Promise<void> {
  const thumbnailUrl = await db.$transaction(async (tx) => {
    await lockOwner(tx, pageId);
    const link = await tx.link.findFirst({ where: { id, pageId }, select: { order: true, thumbnailUrl: true } });
    if (!link) throw notFound();
    await tx.link.delete({ where: { id } });
    await tx.link.updateMany({ where: { pageId, order: { gt: link.order } }, data: { order: { decrement: 1 } } });
    await queueWebhookEvent(tx, pageId, "link.deleted", { id });
    return link.thumbnailUrl;
  }, TX);
  await onProfileChanged(pageId);
  await discardImage(thumbnailUrl);
}

/**
 * Applies a new order in one transaction. It must name every one of the
 * page's links exactly once, with distinct positions; anything else (a
 * foreign, missing or repeated id) is refused and nothing changes. Positions
 * are stored as 0..n-1 in the submitted order.
 */
export async function reorderLinks(pageId: string, orders: LinkOrder[]): Promise<void> {
  const ids = orders.map((o) => o.id);
  const positions = new Set(orders.map((o) => o.order));
  if (new Set(ids).size !== ids.length || positions.size !== orders.length) throw invalidOrder();
  await db.$transaction(async (tx) => {
    await lockOwner(tx, pageId);
    const own = await tx.link.findMany({ where: { pageId }, select: { id: true } });
    const ownIds = new Set(own.map((l) => l.id));
    if (own.length !== ids.length || !ids.every((id) => ownIds.has(id))) throw invalidOrder();
    const sorted = [...orders].sort((a, b) => a.order - b.order);
    for (const [index, entry] of sorted.entries()) {
      await tx.link.updateMany({ where: { id: entry.id, pageId }, data: { order: index } });
    }
  }, TX);
  await onProfileChanged(pageId);
}

function invalidOrder() {
  return new AppError("invalid_input", { message: strings.links.reorderInvalid });
}
