import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { deletionJob, utc, type Job } from "@/lib/jobs/job";

// Page changes (one row per write that changes a public page) are read by
// every instance within a second or so; an hour later no instance needs them.

const KEPT_MS = 60 * 60_000;

export function pageChangeJobs(): Job[] {
  return [deletionJob("pages.changes", [{ table: "PageChange", where: (now) => Prisma.sql`"at" < ${utc(new Date(now.getTime() - KEPT_MS))}` }])];
}
