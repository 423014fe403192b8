import "server-only";
import type { UserDto } from "@/lib/accounts/user-dto";
import { queueEmail } from "@/lib/email/outbox";
import { appLink } from "@/lib/email/mail-config";
import type { PageAccess } from "@/lib/pages/page-access";
import { db, type Tx } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { enforce, LIMITS } from "@/lib/server/rate-limit";
import { broadcastStrings as s } from "@/lib/strings/broadcasts";
import type { BroadcastInput } from "./broadcast-schemas";
import { handAfterResponse } from "./broadcast-jobs";
import { getBroadcast } from "./broadcast-queries";
import { isPaused } from "./broadcast-pause";
import { broadcastFrom, MIN_CONFIRMED, startSending } from "./broadcast-sending";
import { renderBroadcast } from "./render";
import type { BroadcastDto } from "./broadcast-schemas";

// Writing and sending broadcasts (api.md, "Write to your list"): editors
// write drafts; owners send, schedule and test. A draft or a scheduled
// broadcast may be changed or deleted; once it starts, it is the outbox's.

const DAY_MS = 24 * 60 * 60_000;
/** A page sends none before this age (nor to fewer than MIN_CONFIRMED confirmed subscribers). */
export const MIN_PAGE_AGE_MS = 7 * DAY_MS;
/** At most one broadcast a day and three a week. */
export const PER_DAY = 1;
export const PER_WEEK = 3;
const EDITABLE = ["draft", "scheduled"];

export async function createBroadcast(pageId: string, authorId: string, input: BroadcastInput): Promise<BroadcastDto> {
  const b = await db.broadcast.create({
    data: { pageId, authorId, subject: input.subject, body: input.body, sendAt: input.sendAt ?? null },
    select: { id: true },
  });
  return getBroadcast(pageId, b.id);
}

/** PUT: a draft's or a scheduled broadcast's subject, body and moment (a scheduled one keeps its moment unless given one in the future). */
export async function updateBroadcast(pageId: string, id: string, input: BroadcastInput): Promise<BroadcastDto> {
  await db.$transaction(async (tx) => {
    const b = await editable(tx, pageId, id);
    if (b.status === "scheduled" && input.sendAt !== undefined && (!input.sendAt || input.sendAt <= new Date()))
      throw new AppError("invalid_input", { message: s.sendAtPast, errors: { sendAt: s.sendAtPast } });
    await tx.broadcast.update({
      where: { id },
      data: { subject: input.subject, body: input.body, ...(input.sendAt !== undefined ? { sendAt: input.sendAt } : {}) },
    });
  });
  return getBroadcast(pageId, id);
}

export async function deleteBroadcast(pageId: string, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await editable(tx, pageId, id);
    await tx.broadcast.delete({ where: { id } });
  });
}

/** The broadcast, locked for the change, when it is the page's and still a draft or scheduled: else 404 or 409. */
async function editable(tx: Tx, pageId: string, id: string) {
  const [b] = await tx.$queryRaw<{ id: string; status: string }[]>`
    SELECT "id", "status" FROM "Broadcast" WHERE "id" = ${id} AND "pageId" = ${pageId} FOR UPDATE`;
  if (!b) throw new AppError("not_found", { message: s.notFound });
  if (!EDITABLE.includes(b.status)) throw new AppError("conflict", { message: s.notEditable });
  return b;
}

/**
 * Whether the page may send a broadcast at `at` (now or its scheduled
 * moment): not paused, 7 days old, 10 confirmed subscribers with an e-mail,
 * no other broadcast within a day of it, fewer than 3 within a week of it.
 * Called under the page's row lock, so two sends at once are decided one
 * after the other.
 */
async function checkSendable(tx: Tx, page: { id: string; createdAt: Date }, id: string, at: Date, now: Date): Promise<void> {
  if (await isPaused(tx, page.id)) throw new AppError("conflict", { message: s.paused });
  const confirmed = await tx.subscriber.count({ where: { pageId: page.id, status: "confirmed", email: { not: null } } });
  if (now.getTime() - page.createdAt.getTime() < MIN_PAGE_AGE_MS || confirmed < MIN_CONFIRMED) throw new AppError("forbidden", { message: s.listNotReady });
  const others = await tx.$queryRaw<{ at: Date }[]>`
    SELECT COALESCE("startedAt", "sendAt") AS "at" FROM "Broadcast"
    WHERE "pageId" = ${page.id} AND "id" <> ${id} AND (
      ("status" IN ('sending', 'sent') AND "startedAt" IS NOT NULL) OR ("status" IN ('scheduled', 'paused') AND COALESCE("startedAt", "sendAt") IS NOT NULL))`;
  const apart = others.map((o) => Math.abs(o.at.getTime() - at.getTime()));
  if (apart.filter((d) => d < DAY_MS).length >= PER_DAY) throw new AppError("rate_limited", { message: s.dailyLimit });
  if (apart.filter((d) => d < 7 * DAY_MS).length >= PER_WEEK) throw new AppError("rate_limited", { message: s.weeklyLimit });
}

/**
 * POST /api/broadcasts/{id}/send: now (→ sending, its list fixed at this
 * moment) or at a future `sendAt` (→ scheduled; the jobs start it then).
 * The sender needs a verified e-mail (it answers the replies).
 */
export async function sendBroadcast(page: PageAccess, caller: UserDto, id: string, sendAt: Date | null | undefined): Promise<BroadcastDto> {
  if (!caller.emailVerified) throw new AppError("forbidden", { message: s.verifyFirst });
  const now = new Date();
  const started = await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ id: string; createdAt: Date }[]>`SELECT "id", "createdAt" FROM "Page" WHERE "id" = ${page.id} FOR UPDATE`;
    if (!row) throw new AppError("not_found");
    const b = await editable(tx, page.id, id).catch((error: unknown) => {
      throw error instanceof AppError && error.status === 409 ? new AppError("conflict", { message: s.notSendable }) : error;
    });
    const stored = await tx.broadcast.findUniqueOrThrow({ where: { id: b.id }, select: { sendAt: true } });
    const at = sendAt === undefined ? stored.sendAt : sendAt;
    if (at && at.getTime() > now.getTime()) {
      await checkSendable(tx, row, id, at, now);
      await tx.broadcast.update({ where: { id }, data: { status: "scheduled", sendAt: at } });
      return false;
    }
    await checkSendable(tx, row, id, now, now);
    await tx.broadcast.update({ where: { id }, data: { sendAt: null } });
    await startSending(tx, id, now);
    return true;
  });
  // Its messages go to the outbox at the operator's rate, the first ones right after this response (lib/broadcasts/broadcast-jobs.ts).
  if (started) handAfterResponse();
  return getBroadcast(page.id, id);
}

/** POST /api/broadcasts/{id}/test: the message as the list will get it, to the caller's own verified e-mail only; links go straight to their addresses (nothing counted). */
export async function sendTest(page: PageAccess, caller: UserDto, id: string): Promise<{ sentTo: string }> {
  if (!caller.emailVerified) throw new AppError("forbidden", { message: s.verifyFirst });
  const b = await db.broadcast.findFirst({ where: { id, pageId: page.id }, select: { subject: true, body: true } });
  if (!b) throw new AppError("not_found", { message: s.notFound });
  await enforce(`broadcast-tests:user:${caller.id}`, LIMITS.broadcastTestsPerAccount);
  const parts = renderBroadcast({ pageName: page.name, subject: b.subject, body: b.body, unsubscribeUrl: appLink("/inscricao/cancelar") });
  await queueEmail(db, {
    userId: caller.id,
    to: caller.email,
    subject: s.testSubject(b.subject),
    ...parts,
    headers: { From: broadcastFrom(page.name), "Reply-To": caller.email },
  });
  return { sentTo: caller.email };
}
