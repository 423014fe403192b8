import { gridValues, niceMax } from "@/lib/admin/chart-scale";
import { formatCount, formatLongDay, formatShortDay } from "@/lib/admin/admin-format";
import { adminStrings } from "@/lib/strings/admin";

const strings = { admin: adminStrings };

// One series of the 30-day chart as plain SVG bars. Screen readers get a
// one-sentence summary here and every number in the table below the charts.

const W = 320;
const H = 150;
const PAD = { top: 10, right: 6, bottom: 22, left: 34 };

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
  const peak = points.find((p) => p.value === max);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(points.length, 1);
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const summary = strings.admin.chart.summary(label, formatCount(total), formatCount(max), peak ? formatLongDay(peak.date) : "—");
  const ticks = points.length ? [points[0]!, points[Math.floor(points.length / 2)]!, points[points.length - 1]!] : [];

  return (
    <figure className="rounded-xl border bg-card p-4 shadow-sm">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="flex items-center gap-2 text-sm font-semibold">
          <span className="size-2.5 rounded-full" style={{ backgroundColor: color }} aria-hidden="true" />
          <span id={`${id}-title`}>{label}</span>
        </span>
        <span className="text-xs text-muted-foreground tabular-nums">{strings.admin.chart.total(formatCount(total))}</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="mt-3 h-auto w-full" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <desc id={`${id}-desc`}>{summary}</desc>
        {gridValues(top).map((v) => (
          <g key={v} aria-hidden="true">
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="stroke-border" strokeDasharray={v ? "3 3" : undefined} />
            <text x={PAD.left - 6} y={y(v)} dy="0.32em" textAnchor="end" className="fill-muted-foreground text-[9px] tabular-nums">
              {formatCount(v)}
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const h = Math.max((p.value / top) * innerH, p.value > 0 ? 1.5 : 0);
          return (
            <rect key={p.date} x={PAD.left + i * slot + slot * 0.15} y={PAD.top + innerH - h} width={slot * 0.7} height={h} rx={1.5} fill={color}>
              <title>{`${formatShortDay(p.date)}: ${formatCount(p.value)}`}</title>
            </rect>
          );
        })}
        {ticks.map((p, i) => (
          <text
            key={`${p.date}-${i}`}
            x={PAD.left + points.indexOf(p) * slot + slot / 2}
            y={H - 6}
            textAnchor={i === 0 ? "start" : i === 2 ? "end" : "middle"}
            className="fill-muted-foreground text-[9px]"
            aria-hidden="true"
          >
            {formatShortDay(p.date)}
          </text>
        ))}
      </svg>
    </figure>
  );
}
