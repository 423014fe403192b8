import "server-only";
import { dropUnsent } from "@/lib/broadcasts/broadcast-sending";
import { queueWebhookEvent } from "@/lib/webhooks/webhook-outbox";
import { createHash, randomBytes } from "node:crypto";
import { utc } from "@/lib/jobs/job";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { saoPauloDay } from "@/lib/dates/sao-paulo-days";
import { audienceStrings } from "@/lib/strings/audience";
import { verifyProof } from "./proof-of-work";
import { hitLimitsAndSpend, tooMany } from "./subscribe-limit-hits";
import type { SignUpBlock } from "./subscribe-block";
import { CONFIRMATION_INTERVAL_MS, SUBSCRIBE_LIMITS } from "./subscribe-limits";
import { signUpSchema, type SignUpInput } from "./subscribe-schemas";
import { consentTextFor } from "@/lib/blocks/kinds/subscribe/subscribe-settings";
import { addressKey, sendConfirmation } from "./confirmation-mail";
import { hashToken } from "./subscriber-tokens";

const s = audienceStrings;

// A subscriber's life (api.md, Audience): sign-up (double opt-in), confirm,
// unsubscribe. The answer to a sign-up is the same whether the address is
// new, pending or confirmed; what differs happens after it (an e-mail, or none).

export const closedForm = () => new AppError("not_found", { message: s.formClosed });
const proofFailed = () => new AppError("invalid_input", { message: s.proofFailed, errors: { altcha: s.proofFailed } });
export const invalidLink = () => new AppError("invalid_input", { message: s.invalidLink });

/** The first 16 hex characters of the text's SHA-256: which consent text was shown. */
export const consentVersionOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

/** The sign-up's fields, or a 400 whose message is the first problem (the consent's own text when that is it). */
export function parseSignUp(raw: unknown): SignUpInput {
  const parsed = signUpSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join(".") || "_"] ??= issue.message;
  const first = errors.consent ?? Object.values(errors)[0] ?? s.invalidEmail;
  throw new AppError("invalid_input", { message: first, errors });
}

export interface SignUpContext {
  /** The client's address (lib/server/request.ts clientIp; "unknown" limits nothing by address). */
  clientIp: string;
  /** A JSON call (the page's script) must carry a proof; a form posted without JavaScript cannot. */
  proofRequired: boolean;
}

/**
 * POST /api/subscribe/{blockId}: checks, limits and the proof, then the
 * record and, at most once an hour per address, the confirmation e-mail.
 */
export async function signUp(block: SignUpBlock, raw: unknown, ctx: SignUpContext): Promise<void> {
  const input = parseSignUp(raw);
  const payload = input.altcha?.trim() || null;
  if (!payload && ctx.proofRequired) throw proofFailed();
  const proof = payload ? await verifyProof(payload) : null;
  if (payload && !proof) throw proofFailed();

  // Every limit and the proof's single use, in one statement (lib/audience/subscribe-limit-hits.ts).
  const { over, proofSpent } = await hitLimitsAndSpend(
    [
      { key: `subscribe:ip:${ctx.clientIp}`, limit: SUBSCRIBE_LIMITS.perClient },
      { key: `subscribe:page:${block.pageId}`, limit: SUBSCRIBE_LIMITS.perPage },
      ...(proof
        ? []
        : [
            { key: `subscribe-noproof:ip:${ctx.clientIp}`, limit: SUBSCRIBE_LIMITS.withoutProofPerClient },
            { key: `subscribe-noproof:page:${block.pageId}`, limit: SUBSCRIBE_LIMITS.withoutProofPerPage },
          ]),
      { key: `subscribe:email:${addressKey(input.email)}`, limit: SUBSCRIBE_LIMITS.perAddress },
    ],
    proof,
  );
  const overAddress = over?.key.startsWith("subscribe:email:");
  if (over && !overAddress) throw tooMany(over.retryAfterSeconds);
  if (!proofSpent) throw proofFailed();
  if (over) throw tooMany(over.retryAfterSeconds);

  await record(block, input);
}

const newId = () => `s${randomBytes(12).toString("hex")}`;

async function record(block: SignUpBlock, input: SignUpInput): Promise<void> {
  const consentText = consentTextFor(block.settings, block.pageName);
  const consentVersion = consentVersionOf(consentText);
  const whatsapp = block.settings.whatsapp ? input.whatsapp : null;
  const id = newId();
  const now = new Date();
  // Each step is one statement, with no transaction held open between them:
  // under a flood, a transaction kept across round trips holds its locks
  // and its connection while the event loop is busy, and starves the pool.
  // 1. A new row, or the pending one brought up to date (the consent just
  //    given); a confirmed row is left as it is.
  const [row] = await db.$queryRaw<{ id: string; status: string; due: boolean }[]>`
    INSERT INTO "Subscriber" ("id", "pageId", "blockId", "source", "email", "whatsapp", "status", "consentText", "consentVersion",
      "consentedAt", "createdAt", "updatedAt")
    VALUES (${id}, ${block.pageId}, ${block.id}, ${block.title}, ${input.email}, ${whatsapp}, 'pending', ${consentText}, ${consentVersion},
      ${utc(now)}, ${utc(now)}, ${utc(now)})
    ON CONFLICT ("pageId", "email") DO UPDATE SET
      "blockId" = CASE WHEN "Subscriber"."status" = 'pending' THEN EXCLUDED."blockId" ELSE "Subscriber"."blockId" END,
      "source" = CASE WHEN "Subscriber"."status" = 'pending' THEN EXCLUDED."source" ELSE "Subscriber"."source" END,
      "whatsapp" = CASE WHEN "Subscriber"."status" = 'pending' THEN COALESCE(EXCLUDED."whatsapp", "Subscriber"."whatsapp") ELSE "Subscriber"."whatsapp" END,
      "consentText" = CASE WHEN "Subscriber"."status" = 'pending' THEN EXCLUDED."consentText" ELSE "Subscriber"."consentText" END,
      "consentVersion" = CASE WHEN "Subscriber"."status" = 'pending' THEN EXCLUDED."consentVersion" ELSE "Subscriber"."consentVersion" END,
      "consentedAt" = CASE WHEN "Subscriber"."status" = 'pending' THEN EXCLUDED."consentedAt" ELSE "Subscriber"."consentedAt" END,
      "updatedAt" = EXCLUDED."updatedAt"
    RETURNING "id", "status",
      ("confirmationSentAt" IS NULL OR "confirmationSentAt" <= ${utc(now)} - ${CONFIRMATION_INTERVAL_MS} * interval '1 millisecond') AS "due"`;
  if (!row || row.status !== "pending" || !row.due) return;
  // 2. The confirmation: within the page's allowance, at most one an hour
  //    per address over every page; a sign-up that must wait is kept and
  //    sent by the jobs (lib/audience/confirmation-mail.ts).
  await sendConfirmation({ db }, { id: row.id, pageId: block.pageId, email: input.email, pageName: block.pageName }, now);
}

/**
 * POST /api/subscribe/confirm: the confirmation link's button. Confirms a
 * pending sign-up once and counts it in today's (São Paulo) statistics.
 */
export async function confirmSubscription(token: string): Promise<void> {
  const now = new Date();
  // One statement: the row confirmed once, and counted with it; the page's webhooks hear of it in the same transaction.
  const counted = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; pageId: string; email: string | null; whatsapp: string | null; source: string }[]>`
      WITH confirmed AS (
        UPDATE "Subscriber" SET "status" = 'confirmed', "confirmedAt" = ${utc(now)}, "confirmTokenHash" = NULL, "updatedAt" = ${utc(now)}
        WHERE "confirmTokenHash" = ${hashToken(token)} AND "status" = 'pending'
        RETURNING "id", "pageId", "email", "whatsapp", "source"
      ), answered AS (
        UPDATE "ConfirmationMail" SET "confirmedAt" = ${utc(now)} WHERE "subscriberId" IN (SELECT "id" FROM confirmed) AND "confirmedAt" IS NULL
      ), counted AS (
        INSERT INTO "DailyProfileStat" ("pageId", "day", "subscribers") SELECT "pageId", ${saoPauloDay(now)}::date, 1 FROM confirmed
        ON CONFLICT ("pageId", "day") DO UPDATE SET "subscribers" = "DailyProfileStat"."subscribers" + 1
      )
      SELECT "id", "pageId", "email", "whatsapp", "source" FROM confirmed`;
    for (const r of rows) {
      await queueWebhookEvent(
        tx,
        r.pageId,
        "subscriber.confirmed",
        { id: r.id, email: r.email, whatsapp: r.whatsapp, source: r.source, confirmedAt: now.toISOString() },
        now,
      );
    }
    return rows;
  });
  if (!counted.length) throw invalidLink();
}

/** What an unsubscribe link did: removed the address now, or had done it already (a used link). */
export type UnsubscribeOutcome = "removed" | "already-out";

/**
 * POST /api/subscribe/unsubscribe (the page's button, or a mail client's
 * one-click POST): the address, the number and the confirm link go at once;
 * the record keeps only that consent was given and withdrawn, and the links
 * (hashes naming the row) so that a used one says so. A link that never
 * existed is a 400 'Link inválido'. One statement.
 */
export async function unsubscribe(token: string): Promise<UnsubscribeOutcome> {
  const now = new Date();
  const row = await db.$transaction(async (tx) => {
    const [found] = await tx.$queryRaw<{ known: boolean; removed: { id: string; pageId: string; email: string | null; whatsapp: string | null } | null }[]>`
      WITH link AS (
        SELECT "subscriberId" FROM "UnsubscribeLink" WHERE "tokenHash" = ${hashToken(token)}
      ), before AS (
        SELECT "id", "pageId", "email", "whatsapp" FROM "Subscriber" WHERE "id" IN (SELECT "subscriberId" FROM link) AND "status" <> 'unsubscribed'
      ), gone AS (
        UPDATE "Subscriber" SET "status" = 'unsubscribed', "email" = NULL, "whatsapp" = NULL, "confirmTokenHash" = NULL,
          "unsubscribedAt" = ${utc(now)}, "updatedAt" = ${utc(now)}
        WHERE "id" IN (SELECT "id" FROM before)
        RETURNING "id"
      )
      SELECT EXISTS (SELECT 1 FROM link) AS "known",
        (SELECT json_build_object('id', b."id", 'pageId', b."pageId", 'email', b."email", 'whatsapp', b."whatsapp") FROM before b JOIN gone g ON g."id" = b."id" LIMIT 1) AS "removed"`;
    // The page's webhooks hear of it with the change: the address as it was, so a CRM can find its contact.
    const gone = found?.removed;
    // Its broadcast messages not yet sent are given up with it.
    if (gone) await dropUnsent(tx, gone.id, now);
    if (gone)
      await queueWebhookEvent(
        tx,
        gone.pageId,
        "subscriber.unsubscribed",
        { id: gone.id, email: gone.email, whatsapp: gone.whatsapp, unsubscribedAt: now.toISOString() },
        now,
      );
    return found;
  });
  if (!row?.known) throw new AppError("invalid_input", { message: s.invalidLinkTitle });
  return row.removed ? "removed" : "already-out";
}

/** DELETE /api/subscribers/{id}?page= (owners): the row, gone. */
export async function deleteSubscriber(pageId: string, id: string): Promise<void> {
  const { count } = await db.subscriber.deleteMany({ where: { id, pageId } });
  if (count === 0) throw new AppError("not_found");
}
