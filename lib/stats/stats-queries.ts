import "server-only";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { toCsv } from "@/lib/csv/write-csv";
import { clickRate } from "./click-rate";
import { dayToDate, lastDays } from "./days";
import type { InsightsDto, LinkStatsDto, StatsDto } from "./stats-dto";
import type { Period } from "./stats-schemas";

// A page's statistics over the last 7, 30 or 90 São Paulo days, read from
// the daily totals (indexed range reads; the page's id scopes every query).
// Link rows are read by the page's link ids, on their primary key (linkId,
// day): filtered through the Link table instead, PostgreSQL would read the
// `day` index over everyone's statistics, a cost that grows with the
// platform rather than with the page.

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const byCount =
  <T>(count: (x: T) => number) =>
  (a: T, b: T) =>
    count(b) - count(a);

/**
 * Each link's clicks in [first, last] as two parallel arrays (day offsets from
 * `first`, and clicks), one row per link with any: 500 links × 90 days come
 * back as 500 short rows aggregated by the database rather than 45,000 rows
 * mapped one by one.
 */
async function linkSeries(linkIds: string[], first: string, last: string) {
  return db.$queryRaw<{ linkId: string; at: number[]; clicks: number[] }[]>`
    SELECT "linkId", array_agg(("day" - ${first}::date)::int) AS "at", array_agg("clicks") AS "clicks"
    FROM "DailyLinkStat"
    WHERE "linkId" = ANY(${linkIds}::text[]) AND "day" >= ${first}::date AND "day" <= ${last}::date
    GROUP BY "linkId"`;
}

/** The page's own totals and days only (the dashboard's card): one range read, whatever the number of links. */
export async function ownerSummary(pageId: string, period: Period): Promise<StatsDto> {
  const days = lastDays(period);
  const rows = await db.dailyProfileStat.findMany({ where: { pageId, day: { gte: dayToDate(days[0]!) } }, select: { day: true, views: true, clicks: true } });
  const byDay = new Map(rows.map((r) => [isoDay(r.day), r]));
  const daily = days.map((date) => ({ date, views: byDay.get(date)?.views ?? 0, clicks: byDay.get(date)?.clicks ?? 0 }));
  return { views: sum(daily.map((d) => d.views)), clicks: sum(daily.map((d) => d.clicks)), daily };
}

export async function ownerInsights(pageId: string, period: Period): Promise<InsightsDto> {
  const days = lastDays(period);
  const since = dayToDate(days[0]!);
  const [profileRows, [links, linkRows], breakdown, salesRows] = await Promise.all([
    db.dailyProfileStat.findMany({
      where: { pageId, day: { gte: since } },
      select: { day: true, views: true, visitors: true, clicks: true, subscribers: true, sentToApp: true },
    }),
    db.link.findMany({ where: { pageId }, select: { id: true, title: true }, orderBy: { order: "asc" } }).then(
      async (links) =>
        [
          links,
          links.length
            ? await linkSeries(
                links.map((l) => l.id),
                days[0]!,
                days[days.length - 1]!,
              )
            : [],
        ] as const,
    ),
    db.dailyBreakdownStat.groupBy({
      by: ["kind", "value"],
      where: { pageId, day: { gte: since } },
      _sum: { views: true, clicks: true },
    }),
    // Selling with Pix: checkouts started and orders paid per day (a refund taken out of its order's paid day).
    db.dailySalesStat.findMany({ where: { pageId, day: { gte: since } }, select: { day: true, checkouts: true, orders: true, revenueCents: true } }),
  ]);
  const byDay = new Map(profileRows.map((r) => [isoDay(r.day), r]));
  const salesByDay = new Map(salesRows.map((r) => [isoDay(r.day), r]));
  const daily = days.map((date) => {
    const r = byDay.get(date);
    const sale = salesByDay.get(date);
    return {
      date,
      views: r?.views ?? 0,
      visitors: r?.visitors ?? 0,
      clicks: r?.clicks ?? 0,
      subscribers: r?.subscribers ?? 0,
      sentToApp: r?.sentToApp ?? 0,
      checkouts: sale?.checkouts ?? 0,
      orders: sale?.orders ?? 0,
      revenueCents: sale?.revenueCents ?? 0,
    };
  });
  const views = sum(daily.map((d) => d.views));
  const clicks = sum(daily.map((d) => d.clicks));
  const perLink = new Map(links.map((l) => [l.id, days.map(() => 0)]));
  for (const r of linkRows) {
    const series = perLink.get(r.linkId);
    if (!series) continue;
    r.at.forEach((i, k) => {
      if (i >= 0 && i < series.length) series[i]! += r.clicks[k] ?? 0;
    });
  }
  const of = (kind: string) => breakdown.filter((b) => b.kind === kind).map((b) => ({ value: b.value, views: b._sum.views ?? 0, clicks: b._sum.clicks ?? 0 }));
  return {
    views,
    visitors: sum(daily.map((d) => d.visitors)),
    clicks,
    ctr: clickRate(clicks, views),
    subscribers: sum(daily.map((d) => d.subscribers)),
    sentToApp: sum(daily.map((d) => d.sentToApp)),
    checkouts: sum(daily.map((d) => d.checkouts)),
    orders: sum(daily.map((d) => d.orders)),
    revenueCents: sum(daily.map((d) => d.revenueCents)),
    daily,
    links: links
      .map((l) => {
        const series = perLink.get(l.id)!;
        const linkClicks = sum(series);
        return { id: l.id, title: l.title, clicks: linkClicks, ctr: clickRate(linkClicks, views), daily: series };
      })
      .sort(byCount((l) => l.clicks)),
    sources: of("source")
      .map((s) => ({ source: s.value, views: s.views, clicks: s.clicks }))
      .sort(byCount((s) => s.views + s.clicks)),
    devices: of("device")
      .filter((d) => d.views > 0)
      .map((d) => ({ device: d.value, views: d.views }))
      .sort(byCount((d) => d.views)),
    countries: of("country")
      .filter((c) => c.views > 0)
      .map((c) => ({ country: c.value, views: c.views }))
      .sort(byCount((c) => c.views)),
  };
}

/** One link's clicks by day and by source; 404 for a link that is not the page's. */
export async function linkInsights(pageId: string, linkId: string, period: Period): Promise<LinkStatsDto> {
  const link = await db.link.findFirst({ where: { id: linkId, pageId }, select: { id: true } });
  if (!link) throw new AppError("not_found");
  const days = lastDays(period);
  const since = dayToDate(days[0]!);
  const [rows, sources] = await Promise.all([
    db.dailyLinkStat.findMany({ where: { linkId, day: { gte: since } }, select: { day: true, clicks: true } }),
    db.dailyLinkSourceStat.groupBy({ by: ["source"], where: { linkId, day: { gte: since } }, _sum: { clicks: true } }),
  ]);
  const byDay = new Map(rows.map((r) => [isoDay(r.day), r.clicks]));
  const daily = days.map((date) => ({ date, clicks: byDay.get(date) ?? 0 }));
  return {
    clicks: sum(daily.map((d) => d.clicks)),
    daily,
    sources: sources.map((s) => ({ source: s.source, clicks: s._sum.clicks ?? 0 })).sort(byCount((s) => s.clicks)),
  };
}

/** The daily series as CSV (header of api.md), one row per day, oldest first. */
export async function insightsCsv(pageId: string, period: Period, header: string): Promise<string> {
  const { daily } = await ownerInsights(pageId, period);
  return toCsv([header.split(","), ...daily.map((d) => [d.date, ...[d.views, d.visitors, d.clicks, d.subscribers, d.sentToApp].map(String)])], {
    newline: "\n",
  });
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
