import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { deletionJob, utc, type Job } from "@/lib/jobs/job";
import { PENDING_TTL_MS } from "./subscribe-limits";

// Spent proofs of work once their challenge has expired (a replay is refused
// by the expiry then), and sign-ups never confirmed within 7 days (api.md, Audience).

export function audienceJobs(): Job[] {
  return [
    deletionJob("audience.expired", [
      { table: "SpentProof", where: (now) => Prisma.sql`"expiresAt" < ${utc(now)}` },
      { table: "Subscriber", where: (now) => Prisma.sql`"status" = 'pending' AND "consentedAt" < ${utc(new Date(now.getTime() - PENDING_TTL_MS))}` },
    ]),
  ];
}
