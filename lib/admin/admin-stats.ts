import "server-only";
import { db } from "@/lib/server/db";
import type { AdminDailyPoint, AdminStats } from "./admin-types";
import { lastSaoPauloDays, saoPauloToday, startOfSaoPauloDay } from "@/lib/stats/sao-paulo-days";

export const STATS_DAYS = 30;

/**
 * The platform's figures. Every user owns exactly one page, so pages and users
 * are counted on the same rows; views and clicks come from the per-day
 * counters (they keep the clicks of links deleted since).
 */
export async function getAdminStats(now: Date = new Date()): Promise<AdminStats> {
  const today = saoPauloToday(now);
  const createdToday = { createdAt: { gte: today.start, lt: today.end } };
  const [totalUsers, activePages, usersCreatedToday, totalLinks, sums, daily] = await Promise.all([
    db.user.count(),
    db.user.count({ where: { pageActive: true } }),
    db.user.count({ where: createdToday }),
    // Section titles (kind "header") are not links.
    db.link.count({ where: { kind: "link" } }),
    db.dailyProfileStat.aggregate({ _sum: { views: true, clicks: true } }),
    getDailySeries(now),
  ]);
  return {
    totalPages: totalUsers,
    activePages,
    pagesCreatedToday: usersCreatedToday,
    totalLinks,
    totalProfileViews: sums._sum.views ?? 0,
    totalLinkClicks: sums._sum.clicks ?? 0,
    totalUsers,
    usersCreatedToday,
    daily,
  };
}

/** Sign-ups, views and clicks per São Paulo day over the last 30 days, oldest first. */
export async function getDailySeries(now: Date = new Date()): Promise<AdminDailyPoint[]> {
  const days = lastSaoPauloDays(STATS_DAYS, now);
  const first = days[0]!;
  const [signups, counters] = await Promise.all([
    // createdAt is stored as UTC without a zone: read it as UTC, then as São
    // Paulo's wall clock, so the session's TimeZone setting never matters.
    db.$queryRaw<{ day: string; n: number }[]>`
      SELECT to_char(("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS day,
             count(*)::int AS n
      FROM "User"
      WHERE "createdAt" >= ${utcWallClock(startOfSaoPauloDay(first))}::timestamp
      GROUP BY 1`,
    db.dailyProfileStat.groupBy({
      by: ["day"],
      where: { day: { gte: new Date(`${first}T00:00:00Z`) } },
      _sum: { views: true, clicks: true },
    }),
  ]);
  const byDay = new Map<string, AdminDailyPoint>(days.map((date) => [date, { date, signups: 0, views: 0, clicks: 0 }]));
  for (const row of signups) {
    const point = byDay.get(row.day);
    if (point) point.signups = Number(row.n);
  }
  for (const row of counters) {
    const point = byDay.get(row.day.toISOString().slice(0, 10));
    if (!point) continue;
    point.views = row._sum.views ?? 0;
    point.clicks = row._sum.clicks ?? 0;
  }
  return days.map((date) => byDay.get(date)!);
}

/** An instant as the zone-less UTC text the timestamp column holds. */
function utcWallClock(instant: Date): string {
  return instant.toISOString().replace("T", " ").replace("Z", "");
}
