"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { BarChart3, MailCheck, Eye, MousePointerClick, Percent } from "lucide-react";
import { OwnerLink } from "@/components/pages/owner-link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-client";
import { clickRate, formatRate } from "@/lib/stats/click-rate";
import type { StatsDto } from "@/lib/stats/stats-dto";
import { dashboardStrings } from "@/lib/strings/dashboard";
import { dashboardNavStrings } from "@/lib/strings/dashboard-nav";
import { StatsChart } from "./stats-chart";

const strings = { dashboard: dashboardStrings, nav: dashboardNavStrings };

/** `initial`: the 30-day figures as the server rendered them (used while the cache has none); `children`: more links beside 'Inscritos'. */
export function StatsCard({ initial, children }: { initial?: StatsDto; children?: ReactNode } = {}) {
  const t = strings.dashboard;
  const { data, isPending, isError } = useQuery({
    // Its own key: the statistics screen keeps the whole answer for 30 days under [stats, 30].
    queryKey: [...queryKeys.stats, "summary", 30],
    queryFn: async (): Promise<StatsDto> => {
      const { views, clicks, daily } = await api<StatsDto>("/api/stats?days=30");
      return { views, clicks, daily: daily.map(({ date, views, clicks }) => ({ date, views, clicks })) };
    },
    initialData: initial,
  });
  const views = data?.views ?? 0;
  const clicks = data?.clicks ?? 0;
  const figures = [
    { label: t.views, value: views.toLocaleString("pt-BR"), icon: Eye, testId: "stat-views" },
    { label: t.clicks, value: clicks.toLocaleString("pt-BR"), icon: MousePointerClick, testId: "stat-clicks" },
    { label: t.ctr, value: `${formatRate(clickRate(clicks, views))}%`, icon: Percent, testId: "stat-ctr" },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t.statsCard}</h2>
        </CardTitle>
        <CardDescription>{t.statsPeriod}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        <dl className="grid grid-cols-3 gap-3">
          {figures.map(({ label, value, icon: Icon, testId }) => (
            <div key={label} className="rounded-xl border bg-muted/30 p-3">
              <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                <Icon className="size-3.5" aria-hidden="true" />
                {label}
              </dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid={testId}>
                {isPending ? <Skeleton className="h-8 w-14" /> : isError ? "0" : value}
              </dd>
            </div>
          ))}
        </dl>
        {isPending ? <Skeleton className="h-36 w-full" /> : <StatsChart daily={data?.daily ?? []} />}
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <OwnerLink href="/dashboard/stats" prefetch={false}>
              <BarChart3 aria-hidden="true" />
              {strings.nav.insights}
            </OwnerLink>
          </Button>
          <Button asChild variant="outline">
            <OwnerLink href="/dashboard/subscribers" prefetch={false}>
              <MailCheck aria-hidden="true" />
              {strings.nav.subscribers}
            </OwnerLink>
          </Button>
          {children}
        </div>
      </CardContent>
    </Card>
  );
}
