import { BarChart } from "@/components/charts/bar-chart";
import type { DailyStat } from "@/lib/stats/stats-dto";
import { dashboardStrings } from "@/lib/strings/dashboard";

const strings = { dashboard: dashboardStrings };

// 30 days of views and clicks as bars side by side; the same numbers are in a
// table for screen readers.

const BOX = { width: 600, height: 150, top: 8, bottom: 22, left: 4, right: 4 };

const dayLabel = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

export function StatsChart({ daily }: { daily: DailyStat[] }) {
  const t = strings.dashboard;
  return (
    <figure className="grid grid-cols-1 gap-2">
      <BarChart
        series={[
          { label: t.views, values: daily.map((d) => d.views), className: "text-primary" },
          { label: t.clicks, values: daily.map((d) => d.clicks), className: "text-emerald-500" },
        ]}
        box={BOX}
        labels={daily.map((d, i) => (i % 7 ? "" : dayLabel(d.date)))}
        legend
        preserveAspectRatio="none"
        className="h-36 w-full text-[11px]"
      />
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
