// Statistics count by day in São Paulo time (America/Sao_Paulo, no DST since 2019,
// but computed through the time-zone database, not a fixed offset).

export const STATS_TIME_ZONE = "America/Sao_Paulo";
export const STATS_DAYS = 30;

const formatter = new Intl.DateTimeFormat("en-CA", { timeZone: STATS_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** 'YYYY-MM-DD' of the São Paulo calendar day containing `at`. */
export function saoPauloDay(at: Date = new Date()): string {
  return formatter.format(at);
}

/** The Date a DATE column holds for that day (UTC midnight, as Prisma maps @db.Date). */
export function dayToDate(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The `n` days ending with `today`, oldest first. */
export function lastDays(n: number = STATS_DAYS, today: string = saoPauloDay()): string[] {
  const end = dayToDate(today).getTime();
  return Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** The instant São Paulo's `day` begins (for createdAt ranges). */
export function startOfSaoPauloDay(day: string = saoPauloDay()): Date {
  // Find the UTC instant whose São Paulo calendar day is `day` at 00:00 by
  // stepping from UTC midnight by the zone's offset at that moment.
  const utcMidnight = dayToDate(day).getTime();
  const probe = new Date(utcMidnight + 12 * 3_600_000);
  const local = new Date(probe.toLocaleString("en-US", { timeZone: STATS_TIME_ZONE }));
  const utc = new Date(probe.toLocaleString("en-US", { timeZone: "UTC" }));
  const offsetMs = utc.getTime() - local.getTime();
  return new Date(utcMidnight + offsetMs);
}
