import "server-only";
import { audienceJobs } from "@/lib/audience/audience-jobs";
import { broadcastJobs } from "@/lib/broadcasts/broadcast-jobs";
import { domainJobs } from "@/lib/domains/domain-jobs";
import { emailJobs } from "@/lib/email/email-jobs";
import { imageJobs } from "@/lib/images/image-jobs";
import type { Job } from "@/lib/jobs/job";
import { rateLimitJobs } from "@/lib/jobs/rate-limit-jobs";
import { runJobs, type JobsReport } from "@/lib/jobs/run-jobs";
import { scheduleJobs } from "@/lib/jobs/schedule";
import { passkeyJobs } from "@/lib/passkeys/passkey-jobs";
import { pageChangeJobs } from "@/lib/profile-cache/page-change-jobs";
import { sellingJobs } from "@/lib/selling/selling-jobs";
import { productFileJobs } from "@/lib/selling/product-file-jobs";
import { sessionJobs } from "@/lib/sessions/session-jobs";
import { statsJobs } from "@/lib/stats/stats-jobs";
import { webhookJobs } from "@/lib/webhooks/webhook-jobs";

// Every job of the app, in one list, kept with start-up: lib/jobs says what a
// job is and runs a list, and imports no feature. GET /api/cron/jobs runs the
// list on a serverless host; startJobSchedule runs it every minute on a
// long-lived one.

/** About the most a call may spend (the route answers within ~10 s). */
const JOBS_DEADLINE_MS = 9_000;

/** Fresh job objects for one run (a job keeps its progress, e.g. a listing's cursor, between batches). */
function dueJobs(): Job[] {
  // The audience's first: the confirmations it queues are sent by email.send in the same run.
  // Custom domains before e-mail: a domain that stops pointing here is told to its owners in the same run.
  // Selling before e-mail too: an account Mercado Pago disconnects is told to its owners in the same run.
  // Broadcasts too: the messages they hand to the outbox are sent by email.send in the same run.
  return [
    ...audienceJobs(),
    ...broadcastJobs(),
    ...domainJobs(),
    ...sellingJobs(),
    ...emailJobs(),
    ...statsJobs(),
    ...sessionJobs(),
    ...pageChangeJobs(),
    ...rateLimitJobs(),
    ...imageJobs(),
    ...productFileJobs(),
    ...passkeyJobs(),
    ...webhookJobs(),
  ];
}

/** Runs what is due, batch by batch, until done or `deadlineMs` has passed. */
export function runDueJobs(options: { deadlineMs?: number; now?: Date } = {}): Promise<JobsReport> {
  return runJobs(dueJobs(), { deadlineMs: options.deadlineMs ?? JOBS_DEADLINE_MS, now: options.now });
}

/** A long-lived host: the app's jobs now, then every minute (none on a serverless host). */
export function startJobSchedule(): void {
  scheduleJobs(() => runDueJobs());
}

export type { JobsReport };
