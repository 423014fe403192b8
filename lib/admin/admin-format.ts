import { SAO_PAULO } from "@/lib/dates/sao-paulo-days";

// Display helpers of the admin panel (pure, shared by the tables and the dashboard).

/** product-spec.md §7: clicks / views × 100 with one decimal; 0 without views. */
export function clickRate(clicks: number, views: number): number {
  if (!(views > 0)) return 0;
  return Math.round((clicks / views) * 1000) / 10;
}

const percent = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat("pt-BR");

/** "12,5%". */
export function formatClickRate(clicks: number, views: number): string {
  return `${percent.format(clickRate(clicks, views))}%`;
}

/** "100.000". */
export function formatCount(value: number): string {
  return integer.format(value);
}

const dateTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: SAO_PAULO,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** Day, month, year, hour and minute in Brazilian format: "05/03/2026, 14:07". */
export function formatDateTime(value: string | Date): string {
  return dateTime.format(typeof value === "string" ? new Date(value) : value);
}

const shortDay = new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", day: "2-digit", month: "2-digit" });
const longDay = new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

/** A "YYYY-MM-DD" day as "05/03". */
export function formatShortDay(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

/** A "YYYY-MM-DD" day as "5 de março de 2026". */
export function formatLongDay(day: string): string {
  return longDay.format(new Date(`${day}T00:00:00Z`));
}
