import "server-only";
import { db } from "@/lib/server/db";
import type { AdminDailyPoint, AdminStats } from "./admin-types";
import { lastSaoPauloDays, saoPauloToday, startOfSaoPauloDay } from "@/lib/stats/sao-paulo-days";

export const STATS_DAYS = 30;

/**
 * The platform's figures. Every user owns exactly one page, so pages and users
 * are the same rows; views and clicks are the sums of the per-day counters
 * (they keep the clicks of links deleted since). The totals are read from
 * PlatformCounter, which triggers keep in the transaction of every write that
 * changes them, so the overview costs the same with ten accounts or a million;
 * only today's sign-ups are counted, on the createdAt index.
 */
export async function getAdminStats(now: Date = new Date()): Promise<AdminStats> {
  const today = saoPauloToday(now);
  const createdToday = { createdAt: { gte: today.start, lt: today.end } };
  const [counters, usersCreatedToday, daily] = await Promise.all([
    db.platformCounter.findMany({ select: { name: true, value: true } }),
    db.user.count({ where: createdToday }),
    getDailySeries(now),
  ]);
  const total = (name: string) => Number(counters.reduce((sum, c) => (c.name === name || c.name.startsWith(`${name}:`) ? sum + c.value : sum), 0n));
  const totalUsers = total("users");
  return {
    totalPages: totalUsers,
    activePages: total("activePages"),
    pagesCreatedToday: usersCreatedToday,
    totalLinks: total("links"),
    totalProfileViews: total("views"),
    totalLinkClicks: total("clicks"),
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
