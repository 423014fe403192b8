// Days as São Paulo sees them (product-spec: "today" and the 30-day series are
// America/Sao_Paulo days, whatever the server's or the database's time zone).

export const SAO_PAULO = "America/Sao_Paulo";

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: SAO_PAULO, year: "numeric", month: "2-digit", day: "2-digit" });
const wallFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SAO_PAULO,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

let current: { second: number; day: string } | undefined;

/** The São Paulo calendar day of an instant (now by default), as "YYYY-MM-DD". */
export function saoPauloDay(instant?: Date): string {
  if (instant) return dayFormat.format(instant);
  // Every count asks for today's day: the answer is kept for the current
  // second (days begin on a whole second).
  const second = Math.floor(Date.now() / 1000);
  if (current?.second !== second) current = { second, day: dayFormat.format(second * 1000) };
  return current.day;
}

/** São Paulo's wall clock at an instant, as zero-padded fields (year, month, day, hour, minute, second). */
export function saoPauloWall(instant: Date | number): Record<"year" | "month" | "day" | "hour" | "minute" | "second", string> {
  const parts = Object.fromEntries(wallFormat.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** Milliseconds São Paulo's wall clock is ahead of UTC at an instant (negative: behind). */
export function offsetAt(instant: number): number {
  const parts = saoPauloWall(instant);
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant São Paulo's day "YYYY-MM-DD" begins. */
export function startOfSaoPauloDay(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(y, m - 1, d);
  // Around a (historic) daylight-saving change the offset at the first guess
  // may be wrong: keep the earliest candidate that really falls on that day.
  const first = midnightAsUtc - offsetAt(midnightAsUtc);
  const second = midnightAsUtc - offsetAt(first);
  const onDay = [first, second].filter((t) => saoPauloDay(new Date(t)) === day);
  return new Date(onDay.length ? Math.min(...onDay) : first);
}

/** "YYYY-MM-DD" plus n calendar days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The last `count` São Paulo days up to today, oldest first. */
export function lastSaoPauloDays(count: number, now: Date = new Date()): string[] {
  const today = saoPauloDay(now);
  return Array.from({ length: count }, (_, i) => addDays(today, i - (count - 1)));
}

/** Where São Paulo's today begins and ends, as instants. */
export function saoPauloToday(now: Date = new Date()): { day: string; start: Date; end: Date } {
  const day = saoPauloDay(now);
  return { day, start: startOfSaoPauloDay(day), end: startOfSaoPauloDay(addDays(day, 1)) };
}
