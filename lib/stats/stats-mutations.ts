import "server-only";
import { db } from "@/lib/server/db";

/** DELETE /api/stats: every statistic of the owner's page and links back to zero, in one transaction. */
export async function resetStats(userId: string): Promise<void> {
  await db.$transaction([
    db.dailyProfileStat.deleteMany({ where: { userId } }),
    db.dailyBreakdownStat.deleteMany({ where: { userId } }),
    db.dailyVisitorMark.deleteMany({ where: { userId } }),
    db.dailyLinkStat.deleteMany({ where: { link: { userId } } }),
    db.dailyLinkSourceStat.deleteMany({ where: { link: { userId } } }),
    db.link.updateMany({ where: { userId }, data: { clicks: 0 } }),
  ]);
}
