import "server-only";
import { db } from "@/lib/server/db";

/** DELETE /api/stats: every statistic of the page and its links back to zero, in one transaction. */
export async function resetStats(pageId: string): Promise<void> {
  await db.$transaction([
    db.dailyProfileStat.deleteMany({ where: { pageId } }),
    db.dailyBreakdownStat.deleteMany({ where: { pageId } }),
    db.dailyVisitorMark.deleteMany({ where: { pageId } }),
    db.dailyLinkStat.deleteMany({ where: { link: { pageId } } }),
    db.dailyLinkSourceStat.deleteMany({ where: { link: { pageId } } }),
    db.link.updateMany({ where: { pageId }, data: { clicks: 0 } }),
  ]);
}

/** Links whose daily rows one statement deletes: 25 × 400 days × the day's sources stays a short delete. */
const LINKS_PER_DELETE = 25;

/**
 * Every daily statistic of a page and its links, deleted a short
 * statement at a time, each its own transaction: the link tables 25 links at
 * a time (an index range each, read once), the page's tables one statement
 * each (at most STATS_RETENTION_DAYS days of rows). An account with years of
 * statistics on hundreds of links never holds the platform's counter rows
 * (which the triggers update with each statement) or its own rows for long.
 * Account deletion runs this before its own transaction, which cascades to
 * whatever is left. Returns the rows deleted.
 */
export async function deleteStatsInBatches(pageId: string): Promise<number> {
  const links = (await db.link.findMany({ where: { pageId }, select: { id: true }, orderBy: { id: "asc" } })).map((l) => l.id);
  let deleted = 0;
  for (let i = 0; i < links.length; i += LINKS_PER_DELETE) {
    const group = links.slice(i, i + LINKS_PER_DELETE);
    deleted += (await db.dailyLinkSourceStat.deleteMany({ where: { linkId: { in: group } } })).count;
    deleted += (await db.dailyLinkStat.deleteMany({ where: { linkId: { in: group } } })).count;
  }
  deleted += (await db.dailyBreakdownStat.deleteMany({ where: { pageId } })).count;
  deleted += (await db.dailyVisitorMark.deleteMany({ where: { pageId } })).count;
  deleted += (await db.dailyProfileStat.deleteMany({ where: { pageId } })).count;
  return deleted;
}
