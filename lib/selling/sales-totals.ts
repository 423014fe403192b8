import "server-only";
import { z } from "zod";
import { db } from "@/lib/server/db";
import { dayToDate, lastDays } from "@/lib/stats/days";

// The creator's sales figures (api.md, The creator's sales): orders paid and
// their revenue today, in 7 and in 30 São Paulo days, read from the per-day
// sales (DailySalesStat: a paid order counts on the day it was paid, and a
// refund takes it out of that same day, lib/selling/refunds.ts).

export const SALES_PERIODS = [1, 7, 30] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

export const salesTotalSchema = z.object({ days: z.number().int(), orders: z.number().int(), revenueCents: z.number().int() });
export type SalesTotal = z.infer<typeof salesTotalSchema>;

/** Today's, the last 7 days' and the last 30 days' paid orders and revenue (today counts in each), in that order. */
export async function salesTotals(pageId: string, now: Date = new Date()): Promise<SalesTotal[]> {
  const days = lastDays(30, now);
  const rows = await db.dailySalesStat.findMany({
    where: { pageId, day: { gte: dayToDate(days[0]!), lte: dayToDate(days[days.length - 1]!) } },
    select: { day: true, orders: true, revenueCents: true },
  });
  return SALES_PERIODS.map((n) => {
    const since = dayToDate(days[days.length - n]!).getTime();
    const within = rows.filter((r) => r.day.getTime() >= since);
    return { days: n, orders: within.reduce((t, r) => t + r.orders, 0), revenueCents: within.reduce((t, r) => t + r.revenueCents, 0) };
  });
}
