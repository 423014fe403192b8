"use client";

import type { InsightsDailyStat } from "@/lib/stats/stats-dto";
import { formatReais } from "@/lib/money/money";
import { insightsStrings as t } from "@/lib/strings/insights";
import { formatNumber } from "./labels";

// The statistics' sales (api.md, Selling with Pix: "the statistics count
// checkouts started and orders paid per day"): the period's days with any
// checkout or paid order, newest first. A refunded order is out of the day it
// was paid on.

const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

export function SalesByDay({ daily }: { daily: InsightsDailyStat[] }) {
  const days = daily.filter((d) => d.checkouts > 0 || d.orders > 0).reverse();
  if (!days.length) return <p className="text-sm text-muted-foreground">{t.noSales}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="sales-by-day">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              {t.day}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t.checkouts}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t.orders}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t.revenue}
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date} className="border-b last:border-0">
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {dayLabel(d.date)}
              </th>
              <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(d.checkouts)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(d.orders)}</td>
              <td className="py-2 text-right tabular-nums">{formatReais(d.revenueCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
