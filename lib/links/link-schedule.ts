import { offsetAt, saoPauloWall } from "@/lib/dates/sao-paulo-days";

// A link's window [startsAt, endsAt) (api.md, Links (second release)): pure
// rules shared by the public page, its cache, the counters and the dashboard.

interface Window {
  startsAt: Date | string | null;
  endsAt: Date | string | null;
}

const ms = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());

type WindowState = "scheduled" | "live" | "expired";

/** Before its start: scheduled; at or past its end: expired; otherwise live. */
export function windowState(link: Window, now: number = Date.now()): WindowState {
  const start = ms(link.startsAt);
  const end = ms(link.endsAt);
  if (start !== null && now < start) return "scheduled";
  if (end !== null && now >= end) return "expired";
  return "live";
}

export function isInWindow(link: Window, now: number = Date.now()): boolean {
  return windowState(link, now) === "live";
}

/** The first start or end still ahead of `now` (when what the public sees changes), or null. */
export function nextBoundary(links: Window[], now: number = Date.now()): number | null {
  let next: number | null = null;
  for (const link of links) {
    for (const t of [ms(link.startsAt), ms(link.endsAt)]) {
      if (t !== null && t > now && (next === null || t < next)) next = t;
    }
  }
  return next;
}

/** Prisma filter: inside the window at `now`. */
export function inWindowWhere(now: Date) {
  return {
    AND: [{ OR: [{ startsAt: null }, { startsAt: { lte: now } }] }, { OR: [{ endsAt: null }, { endsAt: { gt: now } }] }],
  };
}

/** An instant as São Paulo's wall clock, "YYYY-MM-DDTHH:mm" (the value of an <input type="datetime-local">). */
export function toSaoPauloInput(instant: Date | string | null): string {
  if (instant === null) return "";
  const parts = saoPauloWall(new Date(instant));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** "YYYY-MM-DDTHH:mm" typed as São Paulo time, as an ISO instant; "" is null; nonsense is undefined. */
export function fromSaoPauloInput(value: string): string | null | undefined {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return undefined;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  const first = wall - offsetAt(wall);
  const instant = wall - offsetAt(first);
  return Number.isNaN(instant) ? undefined : new Date(instant).toISOString();
}

/** "dd/mm/aaaa hh:mm" in São Paulo time, for badges. */
export function formatSaoPaulo(instant: Date | string): string {
  const [date = "", time = ""] = toSaoPauloInput(instant).split("T");
  const [y, mo, d] = date.split("-");
  return `${d}/${mo}/${y} ${time}`;
}
