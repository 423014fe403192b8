import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { deletionJob, utc, type Job } from "@/lib/jobs/job";
import { NOT_SENT_NO_ACCOUNT } from "./outbox";
import { deliverRun } from "./worker";

// The e-mail's jobs: messages whose sending failed (or that were queued
// outside a request) are sent once due; expired link tokens and the closed
// rows of password-reset requests for unknown addresses are deleted.

const HOUR_MS = 60 * 60_000;
/** Messages tried per batch: each may wait for SMTP, so batches stay short. */
const SENDS_PER_BATCH = 10;
/** Leave room before the run's deadline for a send that hangs (SMTP steps time out at 20 s). */
const SEND_MARGIN_MS = 2_000;

export function emailJobs(): Job[] {
  return [
    {
      name: "email.send",
      kind: "self-guarded",
      async step({ now, deadline }) {
        const run = await deliverRun({ maxMessages: SENDS_PER_BATCH, deadline: deadline - SEND_MARGIN_MS, now });
        return { done: run.sent, more: run.more };
      },
    },
    deletionJob("email.tokens", [{ table: "EmailToken", where: (now) => Prisma.sql`"expiresAt" < ${utc(now)}` }]),
    deletionJob("email.unsent", [
      {
        table: "OutboxMessage",
        where: (now) => Prisma.sql`"lastError" = ${NOT_SENT_NO_ACCOUNT} AND "sentAt" IS NULL AND "createdAt" < ${utc(new Date(now.getTime() - HOUR_MS))}`,
      },
    ]),
  ];
}
