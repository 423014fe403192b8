import type { DailyStat } from "@/lib/stats/stats-dto";
import { dashboardStrings } from "@/lib/strings/dashboard";

const strings = { dashboard: dashboardStrings };

// 30 days of views and clicks as plain SVG bars; the same numbers are in a
// table for screen readers.

const W = 600;
const H = 150;
const PAD = { top: 8, bottom: 22, left: 4, right: 4 };

const dayLabel = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

export function StatsChart({ daily }: { daily: DailyStat[] }) {
  const t = strings.dashboard;
  const max = Math.max(1, ...daily.map((d) => Math.max(d.views, d.clicks)));
  const slot = (W - PAD.left - PAD.right) / Math.max(1, daily.length);
  const bar = Math.max(1, slot / 2 - 1);
  const y = (v: number) => H - PAD.bottom - (v / max) * (H - PAD.top - PAD.bottom);
  return (
    <figure className="grid grid-cols-1 gap-2">
      <div className="flex items-center gap-4 text-xs text-muted-foreground" aria-hidden="true">
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-primary" />
          {t.views}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-emerald-500" />
          {t.clicks}
        </span>
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-36 w-full" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className="stroke-border" />
        {daily.map((d, i) => {
          const x = PAD.left + i * slot;
          return (
            <g key={d.date}>
              <rect x={x} y={y(d.views)} width={bar} height={H - PAD.bottom - y(d.views)} rx={1.5} className="fill-primary" />
              <rect x={x + bar + 1} y={y(d.clicks)} width={bar} height={H - PAD.bottom - y(d.clicks)} rx={1.5} className="fill-emerald-500" />
              {i % 7 === 0 ? (
                <text x={x} y={H - 6} className="fill-muted-foreground" fontSize="11">
                  {dayLabel(d.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <div className="sr-only">
      <table>
        <caption>{`${t.views} e ${t.clicks.toLowerCase()} por dia, ${t.statsPeriod.toLowerCase()}`}</caption>
        <thead>
          <tr>
            <th scope="col">Dia</th>
            <th scope="col">{t.views}</th>
            <th scope="col">{t.clicks}</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((d) => (
            <tr key={d.date}>
              <th scope="row">{dayLabel(d.date)}</th>
              <td>{d.views}</td>
              <td>{d.clicks}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}
