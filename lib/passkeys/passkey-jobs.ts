import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { deletionJob, utc, type Job } from "@/lib/jobs/job";

// WebAuthn challenges never answered: already refused once expired, deleted
// here so the table does not grow.

export function passkeyJobs(): Job[] {
  return [deletionJob("passkeys.challenges", [{ table: "WebAuthnChallenge", where: (now) => Prisma.sql`"expires" < ${utc(now)}` }])];
}
