"use client";

import { Receipt, ShoppingCart, Wallet } from "lucide-react";
import type { InsightsDto } from "@/lib/stats/stats-dto";
import { formatReais } from "@/lib/money/money";
import { insightsStrings as t } from "@/lib/strings/insights";
import { formatNumber } from "./labels";

// The statistics' sales (api.md, Selling with Pix: "the statistics count
// checkouts started and orders paid per day"): the period's days with any
// checkout or paid order, newest first. A refunded order is out of the day it
// was paid on.

const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** The period's checkouts, paid orders and revenue, and its days with any sale. */
export function SalesByDay({ insights }: { insights: InsightsDto }) {
  const days = insights.daily.filter((d) => d.checkouts > 0 || d.orders > 0).reverse();
  const figures = [
    { label: t.checkouts, value: formatNumber(insights.checkouts), icon: ShoppingCart, testId: "stat-checkouts" },
    { label: t.orders, value: formatNumber(insights.orders), icon: Receipt, testId: "stat-orders" },
    { label: t.revenue, value: formatReais(insights.revenueCents), icon: Wallet, testId: "stat-revenue" },
  ];
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {figures.map(({ label, value, icon: Icon, testId }) => (
          <div key={label} className="rounded-xl border bg-muted/30 p-3">
            <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <Icon className="size-3.5" aria-hidden="true" />
              {label}
            </dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {days.length ? <SalesTable days={days} /> : <p className="text-sm text-muted-foreground">{t.noSales}</p>}
    </div>
  );
}

function SalesTable({ days }: { days: InsightsDto["daily"] }) {
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
