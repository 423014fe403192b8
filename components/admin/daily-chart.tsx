import { BarChart } from "@/components/charts/bar-chart";
import { gridValues, niceMax } from "@/lib/admin/chart-scale";
import { formatCount, formatLongDay, formatShortDay } from "@/lib/admin/admin-format";
import { adminStrings } from "@/lib/strings/admin";

const strings = { admin: adminStrings };

// One series of the 30-day chart. Screen readers get a one-sentence summary
// here and every number in the table below the charts.

const BOX = { width: 320, height: 150, top: 10, right: 6, bottom: 22, left: 34 };

export interface Series {
  label: string;
  color: string;
  points: { date: string; value: number }[];
}

export function DailyChart({ series, id }: { series: Series; id: string }) {
  const { label, color, points } = series;
  const values = points.map((p) => p.value);
  const total = values.reduce((a, b) => a + b, 0);
  const max = Math.max(0, ...values);
  const top = niceMax(max);
  const y = (v: number) => BOX.height - BOX.bottom - (v / top) * (BOX.height - BOX.bottom - BOX.top);
  const peak = points.find((p) => p.value === max);
  const summary = strings.admin.chart.summary(label, formatCount(total), formatCount(max), peak ? formatLongDay(peak.date) : "—");
  const middle = Math.floor(points.length / 2);
  const labels = points.map((p, i) => (i === 0 || i === middle || i === points.length - 1 ? formatShortDay(p.date) : ""));

  return (
    <figure className="rounded-xl border bg-card p-4 shadow-sm">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="flex items-center gap-2 text-sm font-semibold">
          <span className="size-2.5 rounded-full" style={{ backgroundColor: color }} aria-hidden="true" />
          <span id={`${id}-title`}>{label}</span>
        </span>
        <span className="text-xs text-muted-foreground tabular-nums">{strings.admin.chart.total(formatCount(total))}</span>
      </figcaption>
      <BarChart
        series={[{ label, values, titles: points.map((p) => `${formatShortDay(p.date)}: ${formatCount(p.value)}`) }]}
        box={BOX}
        gap={3}
        top={top}
        labels={labels}
        className="mt-3 h-auto w-full text-[9px]"
        style={{ color }}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <desc id={`${id}-desc`}>{summary}</desc>
        {gridValues(top).map((v) => (
          <g key={v} aria-hidden="true">
            {v ? <line x1={BOX.left} x2={BOX.width - BOX.right} y1={y(v)} y2={y(v)} className="stroke-border" strokeDasharray="3 3" /> : null}
            <text x={BOX.left - 6} y={y(v)} dy="0.32em" textAnchor="end" className="fill-muted-foreground tabular-nums">
              {formatCount(v)}
            </text>
          </g>
        ))}
      </BarChart>
    </figure>
  );
}
