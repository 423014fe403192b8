import "server-only";
import { audienceJobs } from "@/lib/audience/audience-jobs";
import { domainJobs } from "@/lib/domains/domain-jobs";
import { emailJobs } from "@/lib/email/email-jobs";
import { imageJobs } from "@/lib/images/image-jobs";
import { pageChangeJobs } from "@/lib/profile/page-change-jobs";
import { passkeyJobs } from "@/lib/passkeys/passkey-jobs";
import { rateLimitJobs } from "./rate-limit-jobs";
import { sessionJobs } from "@/lib/sessions/session-jobs";
import { statsJobs } from "@/lib/stats/stats-jobs";
import { webhookJobs } from "@/lib/webhooks/webhook-jobs";
import type { Job } from "./job";
import { runJobs, type JobsReport } from "./run-jobs";

// Every job of the app, in one list. GET /api/cron/jobs runs it on a
// serverless host; lib/jobs/schedule.ts runs it every minute on a long-lived one.

/** About the most a call may spend (the route answers within ~10 s). */
const JOBS_DEADLINE_MS = 9_000;

/** Fresh job objects for one run (a job keeps its progress, e.g. a listing's cursor, between batches). */
function dueJobs(): Job[] {
  // The audience's first: the confirmations it queues are sent by email.send in the same run.
  // Custom domains before e-mail: a domain that stops pointing here is told to its owners in the same run.
  return [...audienceJobs(), ...domainJobs(), ...emailJobs(), ...statsJobs(), ...sessionJobs(), ...pageChangeJobs(), ...rateLimitJobs(), ...imageJobs(), ...passkeyJobs(), ...webhookJobs()];
}

/** Runs what is due, batch by batch, until done or `deadlineMs` has passed. */
export function runDueJobs(options: { deadlineMs?: number; now?: Date } = {}): Promise<JobsReport> {
  return runJobs(dueJobs(), { deadlineMs: options.deadlineMs ?? JOBS_DEADLINE_MS, now: options.now });
}

export type { JobsReport };
