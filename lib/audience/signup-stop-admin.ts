import "server-only";
import type { UserDto } from "@/lib/accounts/user-dto";
import { writeAudit } from "@/lib/audit/audit-log";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { audienceStrings } from "@/lib/strings/audience";

// The administrators' side of the stop (lib/audience/signup-stop.ts): the
// stopped pages, shown in the admin panel's 'Páginas' tab, and the lift,
// audited in the same transaction. After a lift the page's waiting sign-ups
// get their e-mails from the jobs, within its allowance; only e-mails sent
// from then on count toward a new stop.

export interface SignUpStopRow {
  pageId: string;
  name: string;
  username: string;
  stoppedAt: string;
  /** Sign-ups kept whose confirmation e-mail waits. */
  waiting: number;
}

/** GET /api/admin/signup-stops: every stopped page, longest stopped first. */
export async function listSignUpStops(): Promise<SignUpStopRow[]> {
  const rows = await db.$queryRaw<{ pageId: string; name: string; username: string; stoppedAt: Date; waiting: number }[]>`
    SELECT g."pageId", p."name", p."username", g."stoppedAt",
      (SELECT count(*)::int FROM "Subscriber" s WHERE s."pageId" = g."pageId" AND s."status" = 'pending' AND s."confirmationSentAt" IS NULL) AS "waiting"
    FROM "SignUpMailGate" g JOIN "Page" p ON p."id" = g."pageId"
    WHERE g."stoppedAt" IS NOT NULL ORDER BY g."stoppedAt" ASC, g."pageId" ASC LIMIT 200`;
  return rows.map((r) => ({ ...r, stoppedAt: r.stoppedAt.toISOString() }));
}

/** DELETE /api/admin/signup-stops/{pageId}: the page sends confirmations again. 404 when it is not stopped. */
export async function liftSignUpStop(actor: UserDto, pageId: string): Promise<{ pageId: string; stopped: false }> {
  return db.$transaction(async (tx) => {
    const now = new Date();
    const lifted = await tx.signUpMailGate.updateMany({ where: { pageId, stoppedAt: { not: null } }, data: { stoppedAt: null, liftedAt: now } });
    if (lifted.count === 0) throw new AppError("not_found", { message: audienceStrings.notStopped });
    const page = await tx.page.findUniqueOrThrow({ where: { id: pageId }, select: { id: true, name: true, username: true } });
    await writeAudit(tx, actor, "signups.lift", null, { page });
    return { pageId, stopped: false as const };
  });
}
