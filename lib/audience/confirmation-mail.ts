import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { subscribeConfirmationEmail } from "@/lib/email/messages";
import { emailNotice, outboxRow, queuedRow } from "@/lib/email/outbox";
import { utc } from "@/lib/jobs/job";
import type { Db, Tx } from "@/lib/server/db";
import { stopIfUnanswered } from "./signup-stop";
import { CONFIRMATION_CAPS, CONFIRMATION_INTERVAL_MS } from "./subscribe-limits";
import { hashToken, newConfirmToken, newUnsubscribeToken } from "./subscriber-tokens";

// A pending sign-up's confirmation e-mail (api.md, Audience; fourth release
// put right). Sent at the sign-up, or later by the jobs (audience.waiting)
// when the sign-up had to wait: for the page's allowance (100 an hour, 1,000
// a day), for the address's hour (one e-mail an hour per address over every
// page), or for an administrator to lift the page's stop.

/** What the e-mail needs: the row, its address and its page. */
export interface PendingSignUp {
  id: string;
  pageId: string;
  email: string;
  pageName: string;
}

/** An e-mail address as a limit's key: its SHA-256, never the address itself. */
export const addressKey = (email: string) => createHash("sha256").update(email).digest("hex");

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * One statement, so concurrent sign-ups can neither pass a cap nor send an
 * address twice: (1) the page's gate takes one e-mail of its hour and of its
 * day, unless stopped or spent (an upsert whose WHERE is checked on the
 * locked row); (2) then the address's slot for the hour; (3) then the row's
 * own claim (its newest links replace nothing but the confirm link); (4) its
 * unsubscribe link, the log row the stop reads, and the outbox row.
 * A gate taken for an address whose slot was not free is one e-mail fewer
 * for the page that hour: never one more.
 * True when the e-mail was queued; then the page's stop is checked.
 */
export async function sendConfirmation(client: { db: Db } | { tx: Tx }, s: PendingSignUp, now: Date = new Date()): Promise<boolean> {
  const sql = "tx" in client ? client.tx : client.db;
  const confirmToken = newConfirmToken();
  const unsubscribeToken = newUnsubscribeToken();
  const mail = outboxRow(subscribeConfirmationEmail({ to: s.email, page: s.pageName, confirmToken, unsubscribeToken }));
  const logId = `c${randomBytes(12).toString("hex")}`;
  const at = utc(now);
  const hourAgo = utc(new Date(now.getTime() - HOUR_MS));
  const dayAgo = utc(new Date(now.getTime() - DAY_MS));
  const sent = await sql.$queryRaw<{ id: string }[]>`
    WITH gate AS (
      INSERT INTO "SignUpMailGate" AS g ("pageId", "hourStartedAt", "hourCount", "dayStartedAt", "dayCount")
      VALUES (${s.pageId}, ${at}, 1, ${at}, 1)
      ON CONFLICT ("pageId") DO UPDATE SET
        "hourCount" = CASE WHEN g."hourStartedAt" <= ${hourAgo} THEN 1 ELSE g."hourCount" + 1 END,
        "hourStartedAt" = CASE WHEN g."hourStartedAt" <= ${hourAgo} THEN EXCLUDED."hourStartedAt" ELSE g."hourStartedAt" END,
        "dayCount" = CASE WHEN g."dayStartedAt" <= ${dayAgo} THEN 1 ELSE g."dayCount" + 1 END,
        "dayStartedAt" = CASE WHEN g."dayStartedAt" <= ${dayAgo} THEN EXCLUDED."dayStartedAt" ELSE g."dayStartedAt" END
      WHERE g."stoppedAt" IS NULL
        AND (g."hourStartedAt" <= ${hourAgo} OR g."hourCount" < ${CONFIRMATION_CAPS.perHour})
        AND (g."dayStartedAt" <= ${dayAgo} OR g."dayCount" < ${CONFIRMATION_CAPS.perDay})
      RETURNING g."pageId"
    ), slot AS (
      INSERT INTO "RateLimit" ("key", "count", "resetAt")
      SELECT ${`subscribe-mail:${addressKey(s.email)}`}, 1, ${at} + ${CONFIRMATION_INTERVAL_MS} * interval '1 millisecond' FROM gate
      ON CONFLICT ("key") DO UPDATE SET "count" = 1, "resetAt" = EXCLUDED."resetAt" WHERE "RateLimit"."resetAt" <= ${at}
      RETURNING "key"
    ), claim AS (
      UPDATE "Subscriber" SET "confirmationSentAt" = ${at}, "confirmTokenHash" = ${hashToken(confirmToken)}
      WHERE "id" = ${s.id} AND "status" = 'pending' AND "email" IS NOT NULL AND EXISTS (SELECT 1 FROM slot)
        AND ("confirmationSentAt" IS NULL OR "confirmationSentAt" <= ${at} - ${CONFIRMATION_INTERVAL_MS} * interval '1 millisecond')
      RETURNING "id", "pageId"
    ), link AS (
      INSERT INTO "UnsubscribeLink" ("tokenHash", "subscriberId", "createdAt") SELECT ${hashToken(unsubscribeToken)}, "id", ${at} FROM claim
    ), logged AS (
      INSERT INTO "ConfirmationMail" ("id", "pageId", "subscriberId", "sentAt") SELECT ${logId}, "pageId", "id", ${at} FROM claim
    )
    INSERT INTO "OutboxMessage" ("id", "userId", "to", "subject", "text", "html", "headers", "nextAttemptAt", "createdAt")
    SELECT ${mail.id}, NULL, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html}, ${mail.headers}, ${at}, ${at} FROM claim
    RETURNING "id", ${emailNotice}`;
  if (!sent.length) return false;
  queuedRow(mail.id);
  await stopIfUnanswered(sql, s.pageId, now, "tx" in client);
  return true;
}
