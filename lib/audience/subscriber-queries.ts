import "server-only";
import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db";
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from "./subscribe-schemas";
import { hashToken } from "./subscriber-tokens";
import { toCsv } from "@/lib/csv/write-csv";

// The owner's reads of a page's subscribers ('Inscritos', its CSV, the LGPD
// export) and what the confirmation and unsubscribe pages show.

export const SUBSCRIBERS_PAGE_SIZE = 50;

const E164 = /^\+\d{8,15}$/;

export const subscriberDtoSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  whatsapp: z.string().nullable(),
  status: z.enum(SUBSCRIBER_STATUSES),
  consentText: z.string(),
  consentVersion: z.string(),
  consentedAt: z.string(),
  confirmedAt: z.string().nullable(),
  source: z.string(),
});
export type SubscriberDto = z.infer<typeof subscriberDtoSchema>;

/** GET /api/subscribers: a page of them and where the next starts (null: the last page). */
export const subscriberPageSchema = z.object({ items: z.array(subscriberDtoSchema), nextCursor: z.string().nullable() });

const SELECT = {
  id: true,
  email: true,
  whatsapp: true,
  status: true,
  consentText: true,
  consentVersion: true,
  consentedAt: true,
  confirmedAt: true,
  source: true,
} satisfies Prisma.SubscriberSelect;

type Row = Prisma.SubscriberGetPayload<{ select: typeof SELECT }>;

const toDto = (r: Row): SubscriberDto => ({
  ...r,
  status: r.status as SubscriberStatus,
  consentedAt: r.consentedAt.toISOString(),
  confirmedAt: r.confirmedAt?.toISOString() ?? null,
});

const NEWEST_FIRST: Prisma.SubscriberOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

/** GET /api/subscribers?page=&status=&cursor=: newest first, SUBSCRIBERS_PAGE_SIZE at a time. */
export async function listSubscribers(pageId: string, query: { status?: SubscriberStatus; cursor?: string }): Promise<z.infer<typeof subscriberPageSchema>> {
  const where: Prisma.SubscriberWhereInput = { pageId, ...(query.status ? { status: query.status } : {}) };
  // A cursor is a row of this page (another's, or a deleted one, starts over at nothing).
  if (query.cursor && !(await db.subscriber.findFirst({ where: { id: query.cursor, pageId }, select: { id: true } }))) return { items: [], nextCursor: null };
  const rows = await db.subscriber.findMany({
    where,
    orderBy: NEWEST_FIRST,
    take: SUBSCRIBERS_PAGE_SIZE + 1,
    ...(query.cursor ? { cursor: { id: query.cursor }, skip: 1 } : {}),
    select: SELECT,
  });
  const more = rows.length > SUBSCRIBERS_PAGE_SIZE;
  const items = rows.slice(0, SUBSCRIBERS_PAGE_SIZE).map(toDto);
  return { items, nextCursor: more ? items[items.length - 1]!.id : null };
}

/** GET /api/subscribers/export?page= (owners): every row, newest first. */
export async function subscribersCsv(pageId: string, header: string): Promise<string> {
  const rows = await db.subscriber.findMany({ where: { pageId }, orderBy: NEWEST_FIRST, select: SELECT });
  return toCsv(
    [
      header.split(","),
      ...rows.map((r) => [r.email ?? "", r.whatsapp ?? "", r.status, r.consentedAt.toISOString(), r.confirmedAt?.toISOString() ?? "", r.source]),
    ],
    // A WhatsApp number in E.164 (+ and digits only, checked at sign-up) is a number, not a formula: kept as it is.
    { keep: (value) => E164.test(value) },
  );
}

/** The owner's LGPD export: a page's subscribers with their consent record (no token). */
export async function exportSubscribers(pageId: string) {
  const rows = await db.subscriber.findMany({
    where: { pageId },
    orderBy: NEWEST_FIRST,
    select: { ...SELECT, blockId: true, unsubscribedAt: true, createdAt: true },
  });
  return rows.map((r) => ({ ...toDto(r), blockId: r.blockId, unsubscribedAt: r.unsubscribedAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString() }));
}

/** The page's name a pending sign-up's confirmation link is for (null: no such link now). */
export async function pageNameForConfirmLink(token: string): Promise<string | null> {
  const row = await db.subscriber.findFirst({ where: { confirmTokenHash: hashToken(token), status: "pending" }, select: { page: { select: { name: true } } } });
  return row?.page.name ?? null;
}

/** An unsubscribe link: still in use (its page's name), used already (the subscriber is out, or gone), or never ours. */
export type UnsubscribeLinkState = { kind: "active"; pageName: string } | { kind: "used" } | { kind: "unknown" };

export async function unsubscribeLinkState(token: string): Promise<UnsubscribeLinkState> {
  const link = await db.unsubscribeLink.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { subscriber: { select: { status: true, page: { select: { name: true } } } } },
  });
  if (!link) return { kind: "unknown" };
  if (!link.subscriber || link.subscriber.status === "unsubscribed") return { kind: "used" };
  return { kind: "active", pageName: link.subscriber.page.name };
}
