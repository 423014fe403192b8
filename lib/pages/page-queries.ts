import "server-only";
import { z } from "zod";
import { db } from "@/lib/server/db";
import { PAGE_ROLES, shownRole } from "@/lib/permissions/page-permissions";
import { MEMBERSHIP_ORDER } from "./page-access";

// What the page switcher and the 'Páginas' list show: the pages a person
// manages, first page first (api.md: GET /api/pages).

export const pageSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(PAGE_ROLES),
  active: z.boolean(),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

export function toPageSummary(page: { id: string; username: string; name: string; avatarUrl: string | null; active: boolean }, role: string): PageSummary {
  return { id: page.id, username: page.username, name: page.name, avatarUrl: page.avatarUrl, role: shownRole(role), active: page.active };
}

/** GET /api/pages: one indexed read of the caller's memberships (PageMember_userId_createdAt_idx) and their pages by primary key. */
export async function listPages(userId: string, onlyPageIds: readonly string[] | null = null): Promise<PageSummary[]> {
  const rows = await db.pageMember.findMany({
    where: { userId, ...(onlyPageIds ? { pageId: { in: [...onlyPageIds] } } : {}) },
    orderBy: MEMBERSHIP_ORDER,
    select: { role: true, page: { select: { id: true, username: true, name: true, avatarUrl: true, active: true } } },
  });
  return rows.map((row) => toPageSummary(row.page, row.role));
}
