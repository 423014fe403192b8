import type { InsightsDailyStat } from "@/lib/stats/stats-dto";
import { insightsStrings } from "@/lib/strings/insights";
import { adminStrings } from "@/lib/strings/admin";
import { dayLabel, formatNumber } from "./labels";

const strings = { insights: insightsStrings, admin: adminStrings };

// Views as bars, clicks as narrower bars inside them, one slot per day. The
// SVG stretches to the card's width (readable at 375 px); the figcaption
// sums it up and the table under "Ver os números em tabela" holds every value.

const W = 600;
const H = 180;
const PAD = { top: 8, bottom: 2, left: 0, right: 0 };

export function DailyChart({ daily, days }: { daily: InsightsDailyStat[]; days: number }) {
  const t = strings.insights;
  const max = Math.max(1, ...daily.map((d) => Math.max(d.views, d.clicks)));
  const slot = (W - PAD.left - PAD.right) / Math.max(1, daily.length);
  const y = (v: number) => H - PAD.bottom - (v / max) * (H - PAD.top - PAD.bottom);
  const ticks = daily.filter((_, i) => i % Math.ceil(daily.length / 5) === 0 || i === daily.length - 1);
  const best = daily.reduce<InsightsDailyStat | null>((b, d) => (d.views > (b?.views ?? 0) ? d : b), null);
  const total = (key: "views" | "visitors" | "clicks") => formatNumber(daily.reduce((n, d) => n + d[key], 0));
  const summary = t.dailySummary(days, total("views"), total("visitors"), total("clicks"), best ? t.bestDay(dayLabel(best.date), formatNumber(best.views)) : "");
  return (
    <figure className="grid grid-cols-1 gap-2" data-testid="daily-chart">
      <div className="flex items-center gap-4 text-xs text-muted-foreground" aria-hidden="true">
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-primary/35" />
          {t.views}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-emerald-600" />
          {t.clicks}
        </span>
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-44 w-full" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className="stroke-border" />
        {daily.map((d, i) => {
          const x = PAD.left + i * slot;
          const width = Math.max(1, slot - 1);
          return (
            <g key={d.date}>
              <rect x={x} y={y(d.views)} width={width} height={H - PAD.bottom - y(d.views)} className="fill-primary/35" />
              <rect x={x + width / 4} y={y(d.clicks)} width={Math.max(1, width / 2)} height={H - PAD.bottom - y(d.clicks)} className="fill-emerald-600" />
            </g>
          );
        })}
      </svg>
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
                <th scope="col" className="px-3 py-1.5">{t.day}</th>
                <th scope="col" className="px-3 py-1.5 text-right">{t.views}</th>
                <th scope="col" className="px-3 py-1.5 text-right">{t.visitors}</th>
                <th scope="col" className="px-3 py-1.5 text-right">{t.clicks}</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.date} className="border-t">
                  <th scope="row" className="px-3 py-1 font-normal">{dayLabel(d.date)}</th>
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
