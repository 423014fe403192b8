import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { DELETE_BATCH } from "@/lib/jobs/job";
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

/** The owner's daily rows, table by table: by the page's owner, or by the owner's links. */
const OWNED_STATS: { table: string; owner: "user" | "link" }[] = [
  { table: "DailyLinkSourceStat", owner: "link" },
  { table: "DailyLinkStat", owner: "link" },
  { table: "DailyBreakdownStat", owner: "user" },
  { table: "DailyVisitorMark", owner: "user" },
  { table: "DailyProfileStat", owner: "user" },
];

/**
 * Every daily statistic of the owner's page and links, deleted DELETE_BATCH
 * rows at a time, each batch its own short transaction: an account with years
 * of statistics never holds the platform's counter rows (which the triggers
 * update with each batch) or its own rows for long. Account deletion runs this
 * before its own transaction, which cascades to whatever is left. Returns the
 * rows deleted.
 */
export async function deleteStatsInBatches(userId: string): Promise<number> {
  let deleted = 0;
  for (const { table, owner } of OWNED_STATS) {
    const name = Prisma.raw(`"${table}"`);
    const mine =
      owner === "user" ? Prisma.sql`"userId" = ${userId}` : Prisma.sql`"linkId" IN (SELECT "id" FROM "Link" WHERE "userId" = ${userId})`;
    for (;;) {
      const done = await db.$executeRaw`DELETE FROM ${name} WHERE ctid IN (SELECT ctid FROM ${name} WHERE ${mine} LIMIT ${DELETE_BATCH})`;
      deleted += done;
      if (done < DELETE_BATCH) break;
    }
  }
  return deleted;
}
