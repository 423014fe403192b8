import { BarChart } from "@/components/charts/bar-chart";
import type { InsightsDailyStat } from "@/lib/stats/stats-dto";
import { insightsStrings } from "@/lib/strings/insights";
import { adminStrings } from "@/lib/strings/admin";
import { dayLabel, formatNumber } from "./labels";

const strings = { insights: insightsStrings, admin: adminStrings };

// Views as bars, clicks as narrower bars inside them, one slot per day. The
// SVG stretches to the card's width (readable at 375 px); the figcaption
// sums it up and the table under "Ver os números em tabela" holds every value.

const BOX = { width: 600, height: 180, top: 8, bottom: 2, left: 0, right: 0 };

export function DailyChart({ daily, days }: { daily: InsightsDailyStat[]; days: number }) {
  const t = strings.insights;
  const ticks = daily.filter((_, i) => i % Math.ceil(daily.length / 5) === 0 || i === daily.length - 1);
  const best = daily.reduce<InsightsDailyStat | null>((b, d) => (d.views > (b?.views ?? 0) ? d : b), null);
  const total = (key: "views" | "visitors" | "clicks") => formatNumber(daily.reduce((n, d) => n + d[key], 0));
  const summary = t.dailySummary(
    days,
    total("views"),
    total("visitors"),
    total("clicks"),
    best ? t.bestDay(dayLabel(best.date), formatNumber(best.views)) : "",
  );
  return (
    <figure className="grid grid-cols-1 gap-2" data-testid="daily-chart">
      <BarChart
        series={[
          { label: t.views, values: daily.map((d) => d.views), className: "text-primary/35" },
          { label: t.clicks, values: daily.map((d) => d.clicks), className: "text-emerald-600" },
        ]}
        box={BOX}
        inset
        rounded={false}
        legend
        preserveAspectRatio="none"
        className="h-44 w-full"
      />
      <div className="flex justify-between text-xs text-muted-foreground tabular-nums" aria-hidden="true">
        {ticks.map((d) => (
          <span key={d.date}>{dayLabel(d.date)}</span>
        ))}
      </div>
      <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline">{strings.admin.chart.showTable}</summary>
        <div className="mt-2 max-h-72 overflow-auto rounded-md border">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{t.periodLabel(days)}</caption>
            <thead className="bg-muted/50">
              <tr>
                <th scope="col" className="px-3 py-1.5">
                  {t.day}
                </th>
                <th scope="col" className="px-3 py-1.5 text-right">
                  {t.views}
                </th>
                <th scope="col" className="px-3 py-1.5 text-right">
                  {t.visitors}
                </th>
                <th scope="col" className="px-3 py-1.5 text-right">
                  {t.clicks}
                </th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.date} className="border-t">
                  <th scope="row" className="px-3 py-1 font-normal">
                    {dayLabel(d.date)}
                  </th>
                  <td className="px-3 py-1 text-right">{formatNumber(d.views)}</td>
                  <td className="px-3 py-1 text-right">{formatNumber(d.visitors)}</td>
                  <td className="px-3 py-1 text-right">{formatNumber(d.clicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
