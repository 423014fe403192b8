// Statistics count by day in São Paulo time; the calendar itself lives in
// lib/dates/sao-paulo-days.ts (time-zone database, not a fixed offset).
import { lastSaoPauloDays, saoPauloDay, startOfSaoPauloDay } from "@/lib/dates/sao-paulo-days";

export { saoPauloDay, startOfSaoPauloDay };

export const STATS_DAYS = 30;

/** The Date a DATE column holds for that day (UTC midnight, as Prisma maps @db.Date). */
export function dayToDate(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The last `n` São Paulo days up to today, oldest first. */
export function lastDays(n: number = STATS_DAYS, now: Date = new Date()): string[] {
  return lastSaoPauloDays(n, now);
}
