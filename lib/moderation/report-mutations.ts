import "server-only";
import { isReservedUsername, isValidUsername, lowercaseAscii } from "@/lib/accounts/username";
import { writeAudit } from "@/lib/audit/audit-log";
import type { UserDto } from "@/lib/accounts/user-dto";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { enforce, type Limit } from "@/lib/server/rate-limit";
import { clientIp } from "@/lib/server/request";
import { moderationStrings } from "@/lib/strings/moderation";
import { notFoundStrings } from "@/lib/strings/not-found";
import type { reportInputSchema } from "./moderation-schemas";
import type { z } from "zod";

const strings = { moderation: moderationStrings, notFound: notFoundStrings };

/** api.md: 429 past 5 reports an hour from one client (every attempt counts). */
const REPORTS_PER_CLIENT: Limit = { limit: 5, windowMs: 60 * 60_000 };

const pageNotFound = () => new AppError("not_found", { message: strings.moderation.api.pageNotFound });

/** POST /api/reports: a visitor reports a public page, or one of its public links. */
export async function createReport(req: Request, input: z.output<typeof reportInputSchema>): Promise<void> {
  await enforce(`report:ip:${clientIp(req)}`, REPORTS_PER_CLIENT);
  const username = lowercaseAscii(input.username.replace(/^@/, ""));
  if (!isValidUsername(username) || isReservedUsername(username)) throw pageNotFound();
  const page = await db.page.findFirst({ where: { username, active: true }, select: { id: true } });
  if (!page) throw pageNotFound();
  let linkUrl: string | null = null;
  if (input.linkId) {
    const link = await db.link.findFirst({ where: { id: input.linkId, pageId: page.id, active: true }, select: { url: true } });
    if (!link) throw new AppError("not_found", { message: strings.notFound.linkTitle });
    linkUrl = link.url;
  }
  await db.report.create({
    data: { pageId: page.id, linkId: input.linkId, linkUrl, reason: input.reason, details: input.details },
    select: { id: true },
  });
}

/** PATCH /api/admin/reports/:id {status:"closed"}; closing twice changes (and records) nothing more. */
export async function closeReport(actor: UserDto, reportId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const report = await tx.report.findUnique({
      where: { id: reportId },
      select: { id: true, status: true, page: { select: { id: true, name: true, username: true } } },
    });
    if (!report) throw new AppError("not_found");
    if (report.status === "closed") return;
    const closed = await tx.report.updateMany({ where: { id: reportId, status: "open" }, data: { status: "closed", closedAt: new Date() } });
    if (closed.count) await writeAudit(tx, actor, "report.close", null, { reportId, page: report.page });
  });
}
