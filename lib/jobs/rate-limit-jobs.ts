import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { deletionJob, utc, type Job } from "@/lib/jobs/job";

// Rate-limit windows that ended more than a minute ago (lib/server/rate-limit.ts
// starts a new window over such a row anyway): deleted so the table does not grow.

export function rateLimitJobs(): Job[] {
  return [deletionJob("rate-limits.expired", [{ table: "RateLimit", where: (now) => Prisma.sql`"resetAt" < ${utc(new Date(now.getTime() - 60_000))}` }])];
}
