import { insightsStrings } from "@/lib/strings/insights";
import { formatNumber } from "./labels";

const strings = { insights: insightsStrings };

// A ranked list with a bar per row (sources, devices, countries): the bar is
// decoration, the name and the numbers are text.

export interface BreakdownRow {
  key: string;
  label: string;
  icon?: string;
  value: number;
  detail?: string;
}

export function BreakdownList({ title, rows, testId }: { title: string; rows: BreakdownRow[]; testId: string }) {
  const t = strings.insights;
  const total = rows.reduce((n, r) => n + r.value, 0);
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <section aria-labelledby={`${testId}-title`} className="grid content-start gap-3" data-testid={testId}>
      <h2 id={`${testId}-title`} className="text-base font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.empty}</p>
      ) : (
        <ul className="grid gap-2">
          {rows.map((r) => (
            <li key={r.key} className="grid gap-1 text-sm">
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate font-medium">
                  {r.icon ? (
                    <span aria-hidden="true" className="mr-1.5">
                      {r.icon}
                    </span>
                  ) : null}
                  {r.label}
                </span>
                <span className="shrink-0 tabular-nums text-muted-foreground">
                  {formatNumber(r.value)}
                  {r.detail ? ` · ${r.detail}` : ""} ({Math.round((r.value / Math.max(1, total)) * 100)}%)
                </span>
              </div>
              <div className="h-2 rounded-full bg-muted" aria-hidden="true">
                <div className="h-2 rounded-full bg-primary" style={{ width: `${(r.value / max) * 100}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
