import "server-only";
import { NEWEST_FIRST, afterCursor, pageOf, type ListPage } from "@/lib/lists/keyset";
import { escapeLike, type ListQuery } from "@/lib/lists/list-query";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { currentAppeals } from "./appeal-queries";
import type { AdminReportRow } from "./moderation-types";

// The reports queue: newest first, keyset-paginated like the other admin lists,
// searchable by the page's name or username.

function pageSearch(q: string | undefined): Prisma.ReportWhereInput {
  if (!q) return {};
  const handle = escapeLike(q.replace(/^@/, "") || q).toLowerCase();
  return {
    page: { OR: [{ name: { contains: escapeLike(q), mode: "insensitive" } }, { username: { contains: handle } }] },
  };
}

const INCLUDE = {
  page: { select: { id: true, name: true, username: true, active: true, deactivationReason: true, deactivatedAt: true } },
} as const;

type Found = Prisma.ReportGetPayload<{ include: typeof INCLUDE }>;

export async function listReports(status: "open" | "closed", { q, cursor, limit }: ListQuery): Promise<ListPage<AdminReportRow>> {
  const found = await db.report.findMany({
    where: { AND: [{ status }, afterCursor(cursor), pageSearch(q)] },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    include: INCLUDE,
  });
  const { rows, nextCursor } = pageOf(found, limit);
  return { items: await toRows(rows), nextCursor };
}

/** One report as the list shows it (the answer of PATCH /api/admin/reports/:id). */
export async function reportRow(id: string): Promise<AdminReportRow> {
  const found = await db.report.findUnique({ where: { id }, include: INCLUDE });
  if (!found) throw new AppError("not_found");
  return (await toRows([found]))[0]!;
}

async function toRows(rows: Found[]): Promise<AdminReportRow[]> {
  const linkIds = [...new Set(rows.map((r) => r.linkId).filter((id): id is string => id !== null))];
  const [links, appeals] = await Promise.all([
    linkIds.length ? db.link.findMany({ where: { id: { in: linkIds } }, select: { id: true, title: true, pageId: true } }) : [],
    currentAppeals(rows.map((r) => r.page)),
  ]);
  const titles = new Map(links.map((l) => [l.id, l] as const));
  return rows.map((r): AdminReportRow => {
    const link = r.linkId ? titles.get(r.linkId) : undefined;
    return {
      id: r.id,
      username: r.page.username,
      linkId: r.linkId,
      reason: r.reason,
      details: r.details,
      createdAt: r.createdAt.toISOString(),
      status: r.status,
      pageId: r.page.id,
      name: r.page.name,
      pageActive: r.page.active,
      linkUrl: r.linkUrl,
      linkTitle: link && link.pageId === r.pageId ? link.title : null,
      deactivationReason: r.page.deactivationReason,
      appeal: appeals.get(r.page.id) ?? null,
    };
  });
}
