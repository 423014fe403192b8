import "server-only";
import type { PendingAppeal } from "./moderation-types";
import { db } from "@/lib/server/db";

/** The appeal against each page's current deactivation, by page id (one query). */
export async function currentAppeals(pages: { id: string; deactivatedAt: Date | null }[]): Promise<Map<string, PendingAppeal>> {
  const deactivated = pages.filter((p): p is { id: string; deactivatedAt: Date } => p.deactivatedAt !== null);
  if (!deactivated.length) return new Map();
  const rows = await db.appeal.findMany({
    where: { OR: deactivated.map((p) => ({ pageId: p.id, deactivatedAt: p.deactivatedAt })) },
    select: { pageId: true, message: true, createdAt: true },
  });
  return new Map(rows.map((r) => [r.pageId, { message: r.message, createdAt: r.createdAt.toISOString() }]));
}
