import { formatCount, formatShortDay } from "@/lib/admin/admin-format";
import type { AdminDailyPoint } from "@/lib/admin/admin-types";
import { adminStrings } from "@/lib/strings/admin";
import { DailyChart, type Series } from "./daily-chart";

const strings = { admin: adminStrings };

const t = strings.admin.chart;

export function DailyCharts({ daily }: { daily: AdminDailyPoint[] }) {
  const series: (Series & { key: keyof Omit<AdminDailyPoint, "date"> })[] = [
    { key: "signups", label: t.signups, color: "#6d28d9", points: daily.map((d) => ({ date: d.date, value: d.signups })) },
    { key: "views", label: t.views, color: "#2563eb", points: daily.map((d) => ({ date: d.date, value: d.views })) },
    { key: "clicks", label: t.clicks, color: "#059669", points: daily.map((d) => ({ date: d.date, value: d.clicks })) },
  ];
  return (
    <section aria-labelledby="admin-chart-title" className="space-y-3">
      <div>
        <h2 id="admin-chart-title" className="text-lg font-semibold">
          {t.title}
        </h2>
        <p className="text-sm text-muted-foreground">{t.description}</p>
      </div>
      <div className="grid gap-3 sm:gap-4 md:grid-cols-3">
        {series.map((s) => (
          <DailyChart key={s.key} id={`admin-chart-${s.key}`} series={s} />
        ))}
      </div>
      <details className="rounded-lg border bg-card px-4 py-3 text-sm shadow-sm">
        <summary className="cursor-pointer font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">{t.showTable}</summary>
        <div className="mt-3 max-h-80 overflow-auto">
          <table className="w-full text-right tabular-nums">
            <caption className="sr-only">{t.title}</caption>
            <thead className="sticky top-0 bg-card text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 text-left font-medium">
                  {t.day}
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="py-1 pl-4 font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...daily].reverse().map((d) => (
                <tr key={d.date} className="border-t">
                  <th scope="row" className="py-1 text-left font-normal">
                    {formatShortDay(d.date)}
                  </th>
                  <td className="py-1 pl-4">{formatCount(d.signups)}</td>
                  <td className="py-1 pl-4">{formatCount(d.views)}</td>
                  <td className="py-1 pl-4">{formatCount(d.clicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
