import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { deletionJob, utc, type Job } from "@/lib/jobs/job";
import { IDLE_TIMEOUT_MS } from "@/lib/server/session";

// Sessions past their end (absolute, or idle for a session without 'Lembrar
// de mim') and two-factor sign-ins never finished: already refused when
// used, deleted here so the tables do not grow.

export function sessionJobs(): Job[] {
  return [
    deletionJob("sessions.expired", [
      {
        table: "Session",
        where: (now) => Prisma.sql`"expires" < ${utc(now)} OR (NOT "remember" AND "lastSeenAt" < ${utc(new Date(now.getTime() - IDLE_TIMEOUT_MS))})`,
      },
    ]),
    deletionJob("sessions.two-factor-challenges", [{ table: "TwoFactorChallenge", where: (now) => Prisma.sql`"expires" < ${utc(now)}` }]),
  ];
}
