import "server-only";
import { db } from "@/lib/server/db";
import type { AdminDailyPoint, AdminStats } from "./admin-types";
import { dayToDate } from "@/lib/stats/days";
import { lastSaoPauloDays, saoPauloToday } from "@/lib/dates/sao-paulo-days";

export const STATS_DAYS = 30;

/**
 * The platform's figures: accounts (User) and pages (Page; an account may run
 * several). Views and clicks are the sums of the per-day counters (they keep
 * the clicks of links deleted since). The totals are read from
 * PlatformCounter, which triggers keep in the transaction of every write that
 * changes them, so the overview costs the same with ten accounts or a million;
 * today's sign-ups and new pages are counted on the createdAt indexes. The
 * pages' total is the "pages" counter (vitrine_count_pages); a database whose
 * counter rows were emptied by hand falls back to counting Page.
 */
export async function getAdminStats(now: Date = new Date()): Promise<AdminStats> {
  const today = saoPauloToday(now);
  const createdToday = { createdAt: { gte: today.start, lt: today.end } };
  const [counters, usersCreatedToday, pagesCreatedToday, daily] = await Promise.all([
    db.platformCounter.findMany({ select: { name: true, value: true } }),
    db.user.count({ where: createdToday }),
    db.page.count({ where: createdToday }),
    getDailySeries(now),
  ]);
  const counted = (name: string) => counters.some((c) => c.name === name || c.name.startsWith(`${name}:`));
  const total = (name: string) => Number(counters.reduce((sum, c) => (c.name === name || c.name.startsWith(`${name}:`) ? sum + c.value : sum), 0n));
  const totalUsers = total("users");
  return {
    totalPages: counted("pages") ? total("pages") : await db.page.count(),
    activePages: total("activePages"),
    pagesCreatedToday,
    totalLinks: total("links"),
    totalProfileViews: total("views"),
    totalLinkClicks: total("clicks"),
    totalUsers,
    usersCreatedToday,
    daily,
  };
}

/**
 * Sign-ups, views and clicks per São Paulo day over the last 30 days, oldest
 * first, from PlatformDailyStat (kept by triggers: at most 240 rows, however
 * many pages are counted each day or accounts are created).
 */
async function getDailySeries(now: Date = new Date()): Promise<AdminDailyPoint[]> {
  const days = lastSaoPauloDays(STATS_DAYS, now);
  const rows = await db.platformDailyStat.groupBy({
    by: ["day"],
    where: { day: { gte: dayToDate(days[0]!), lte: dayToDate(days.at(-1)!) } },
    _sum: { signups: true, views: true, clicks: true },
  });
  const byDay = new Map(rows.map((row) => [row.day.toISOString().slice(0, 10), row._sum]));
  return days.map((date) => {
    const sums = byDay.get(date);
    return { date, signups: sums?.signups ?? 0, views: Number(sums?.views ?? 0), clicks: Number(sums?.clicks ?? 0) };
  });
}
