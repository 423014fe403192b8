import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { deletionJob, utc, type Job } from "@/lib/jobs/job";
import { sendConfirmation, type PendingSignUp } from "./confirmation-mail";
import { CONFIRMATION_CAPS, CONFIRMATION_LOG_TTL_MS, ORPHAN_LINK_TTL_MS, PENDING_TTL_MS, UNSENT_TTL_MS } from "./subscribe-limits";

// The audience's jobs: the confirmation e-mails of sign-ups that had to wait
// (the page's allowance, the address's hour, a stop since lifted), oldest
// first; spent proofs of work once their challenge has expired (a replay is
// refused by the expiry then); sign-ups never confirmed within 7 days of
// their confirmation e-mail (api.md, Audience; one still waiting for its
// e-mail after 30 days, a stopped page's, too); the confirmation log past 30 days; and unsubscribe links of
// subscribers deleted since, after a year.

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** Sign-ups tried per batch (each is one statement, and a read when it was sent). */
const WAITING_PER_BATCH = 25;

export function audienceJobs(): Job[] {
  return [
    waitingConfirmationsJob(),
    deletionJob("audience.expired", [
      { table: "SpentProof", where: (now) => Prisma.sql`"expiresAt" < ${utc(now)}` },
      {
        table: "Subscriber",
        where: (now) => Prisma.sql`"status" = 'pending' AND (
          "confirmationSentAt" < ${utc(new Date(now.getTime() - PENDING_TTL_MS))}
          OR ("confirmationSentAt" IS NULL AND "consentedAt" < ${utc(new Date(now.getTime() - UNSENT_TTL_MS))}))`,
      },
      { table: "ConfirmationMail", where: (now) => Prisma.sql`"sentAt" < ${utc(new Date(now.getTime() - CONFIRMATION_LOG_TTL_MS))}` },
      { table: "UnsubscribeLink", where: (now) => Prisma.sql`"subscriberId" IS NULL AND "createdAt" < ${utc(new Date(now.getTime() - ORPHAN_LINK_TTL_MS))}` },
    ]),
  ];
}

/**
 * Pending sign-ups never sent a confirmation, on an active page that may
 * send now (not stopped, within its hour and its day) and whose address's
 * hour is free, oldest first; each through the sign-up's own statement, so
 * every cap holds. A cursor moves past each one tried, so a run ends.
 */
function waitingConfirmationsJob(): Job {
  let after: { at: Date; id: string } | null = null;
  return {
    name: "audience.waiting",
    kind: "locked",
    async step(tx, { now }) {
      const hourAgo = utc(new Date(now.getTime() - HOUR_MS));
      const dayAgo = utc(new Date(now.getTime() - DAY_MS));
      const rows = await tx.$queryRaw<(PendingSignUp & { consentedAt: Date })[]>`
        SELECT s."id", s."pageId", s."email", p."name" AS "pageName", s."consentedAt"
        FROM "Subscriber" s
        JOIN "Page" p ON p."id" = s."pageId"
        LEFT JOIN "SignUpMailGate" g ON g."pageId" = s."pageId"
        WHERE s."status" = 'pending' AND s."confirmationSentAt" IS NULL AND s."email" IS NOT NULL AND p."active"
          ${after ? Prisma.sql`AND (s."consentedAt", s."id") > (${utc(after.at)}, ${after.id})` : Prisma.empty}
          AND (g."pageId" IS NULL OR (g."stoppedAt" IS NULL
            AND (g."hourStartedAt" <= ${hourAgo} OR g."hourCount" < ${CONFIRMATION_CAPS.perHour})
            AND (g."dayStartedAt" <= ${dayAgo} OR g."dayCount" < ${CONFIRMATION_CAPS.perDay})))
          AND NOT EXISTS (
            SELECT 1 FROM "RateLimit" r
            WHERE r."key" = 'subscribe-mail:' || encode(sha256(convert_to(s."email", 'UTF8')), 'hex') AND r."resetAt" > ${utc(now)})
        ORDER BY s."consentedAt", s."id"
        LIMIT ${WAITING_PER_BATCH}`;
      let done = 0;
      for (const row of rows) {
        if (await sendConfirmation({ tx }, row, now)) done += 1;
      }
      const last = rows.at(-1);
      if (last) after = { at: last.consentedAt, id: last.id };
      return { done, more: rows.length === WAITING_PER_BATCH };
    },
  };
}
