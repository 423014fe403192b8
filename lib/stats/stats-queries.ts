import "server-only";
import { db } from "@/lib/server/db";
import { dayToDate, lastDays } from "./days";
import type { StatsDto } from "./stats-dto";

/** The owner's views and clicks over the last 30 São Paulo days (one indexed range read). */
export async function ownerStats(userId: string): Promise<StatsDto> {
  const days = lastDays();
  const rows = await db.dailyProfileStat.findMany({
    where: { userId, day: { gte: dayToDate(days[0]!) } },
    select: { day: true, views: true, clicks: true },
  });
  const byDay = new Map(rows.map((r) => [r.day.toISOString().slice(0, 10), r]));
  const daily = days.map((date) => ({ date, views: byDay.get(date)?.views ?? 0, clicks: byDay.get(date)?.clicks ?? 0 }));
  return {
    views: daily.reduce((n, d) => n + d.views, 0),
    clicks: daily.reduce((n, d) => n + d.clicks, 0),
    daily,
  };
}
