import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { deletionJob, utc, type Job } from "@/lib/jobs/job";
import { sendDueStep } from "@/lib/outbox/jobs-step";
import { emailKind } from "./email-kind";
import { NOT_SENT_NO_ACCOUNT } from "./outbox";

// The e-mail's jobs: messages whose sending failed (or that were queued
// outside a request) are sent once due; expired link tokens and the closed
// rows of password-reset requests for unknown addresses are deleted.

const HOUR_MS = 60 * 60_000;
/** Messages tried per batch: each may wait for SMTP, so batches stay short. */
const SENDS_PER_BATCH = 10;

export function emailJobs(): Job[] {
  return [
    { name: "email.send", kind: "self-guarded", step: sendDueStep(emailKind, SENDS_PER_BATCH) },
    deletionJob("email.tokens", [{ table: "EmailToken", where: (now) => Prisma.sql`"expiresAt" < ${utc(now)}` }]),
    deletionJob("email.unsent", [
      {
        table: "OutboxMessage",
        where: (now) => Prisma.sql`"lastError" = ${NOT_SENT_NO_ACCOUNT} AND "sentAt" IS NULL AND "createdAt" < ${utc(new Date(now.getTime() - HOUR_MS))}`,
      },
    ]),
  ];
}
