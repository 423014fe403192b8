"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AppWindow, ArrowLeft, Download, Eye, MailCheck, MousePointerClick, Percent, RotateCcw, Users } from "lucide-react";
import { OwnerLink, useOwnerPath } from "@/components/pages/owner-link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { lazyComponent } from "@/components/ui/lazy-component";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-client";
import { formatRate } from "@/lib/stats/click-rate";
import type { InsightsDto } from "@/lib/stats/stats-dto";
import { PERIODS, type Period } from "@/lib/stats/stats-schemas";
import { insightsStrings } from "@/lib/strings/insights";
import { commonStrings } from "@/lib/strings/common";
import { BreakdownList } from "./breakdown-list";
import { DailyChart } from "./daily-chart";
import { countryFlag, countryName, deviceName, formatNumber, sourceName } from "./labels";
import { LinksTable } from "./links-table";

const strings = { insights: insightsStrings, common: commonStrings };

// The sales card (where selling is on) loads with its first drawing: its money formatting and icons stay out of
// this screen's first script, whose shared chunks /dashboard loads too (its budget is full).
const SalesByDay = lazyComponent(() => import("./sales-by-day").then((m) => m.SalesByDay), <Skeleton className="h-24 w-full" />);

const t = strings.insights;

/** `selling`: selling with Pix is on (lib/selling/selling-config.ts): the period's checkouts, paid orders and revenue are shown. */
export function InsightsView({ selling = false }: { selling?: boolean } = {}) {
  const [days, setDays] = useState<Period>(30);
  const ownerPath = useOwnerPath();
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({
    queryKey: [...queryKeys.stats, days],
    queryFn: () => api<InsightsDto>(`/api/stats?days=${days}`),
  });
  const reset = useMutation({
    mutationFn: () => api("/api/stats", { method: "DELETE" }),
    onSuccess: async () => {
      setConfirming(false);
      toast({ title: t.resetDone });
      await queryClient.invalidateQueries({ queryKey: queryKeys.stats });
      await queryClient.invalidateQueries({ queryKey: queryKeys.links });
    },
    onError: (error: Error) => toast({ variant: "destructive", title: strings.common.error, description: error.message }),
  });

  const figures = [
    { label: t.views, value: data && formatNumber(data.views), icon: Eye, testId: "stat-views" },
    { label: t.visitors, value: data && formatNumber(data.visitors), icon: Users, testId: "stat-visitors" },
    { label: t.clicks, value: data && formatNumber(data.clicks), icon: MousePointerClick, testId: "stat-clicks" },
    { label: t.ctr, value: data && `${formatRate(data.ctr)}%`, icon: Percent, testId: "stat-ctr" },
    { label: t.subscribers, value: data && formatNumber(data.subscribers ?? 0), icon: MailCheck, testId: "stat-subscribers" },
    { label: t.sentToApp, value: data && formatNumber(data.sentToApp ?? 0), icon: AppWindow, testId: "stat-sent-to-app" },
  ];

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <OwnerLink href="/dashboard" className="mb-2 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t.back}
          </OwnerLink>
          <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
          <p className="mt-1 text-muted-foreground">{t.subtitle}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={ownerPath(`/api/stats/export?days=${days}`)} download>
              <Download aria-hidden="true" />
              {t.download}
            </a>
          </Button>
          <Button variant="outline" className="text-destructive" onClick={() => setConfirming(true)}>
            <RotateCcw aria-hidden="true" />
            {t.reset}
          </Button>
        </div>
      </div>

      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t.period}</legend>
        <span className="mr-1 text-sm font-medium" aria-hidden="true">
          {t.period}:
        </span>
        {PERIODS.map((p) => (
          <Button key={p} size="sm" variant={p === days ? "default" : "outline"} aria-pressed={p === days} onClick={() => setDays(p)}>
            {t.periods[p]}
          </Button>
        ))}
      </fieldset>

      {isError ? (
        <p role="status" className="text-destructive">
          {t.loadFailed}
        </p>
      ) : null}

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(({ label, value, icon: Icon, testId }) => (
          <div key={label} className="rounded-xl border bg-card p-4 shadow-sm">
            <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <Icon className="size-3.5" aria-hidden="true" />
              {label}
            </dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid={testId}>
              {isPending ? <Skeleton className="h-8 w-14" /> : (value ?? "0")}
            </dd>
          </div>
        ))}
      </dl>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{`${t.dailyTitle} · ${t.periodLabel(days)}`}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>{data ? <DailyChart daily={data.daily} days={days} /> : <Skeleton className="h-44 w-full" />}</CardContent>
      </Card>

      {selling ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t.salesTitle}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>{data ? <SalesByDay insights={data} /> : <Skeleton className="h-24 w-full" />}</CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t.linksTitle}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>{data ? <LinksTable links={data.links} /> : <Skeleton className="h-24 w-full" />}</CardContent>
      </Card>

      <Card>
        <CardContent className="grid grid-cols-1 gap-8 md:grid-cols-3">
          {data ? (
            <>
              <BreakdownList
                title={t.sourcesTitle}
                testId="sources"
                rows={data.sources.map((s) => ({
                  key: s.source,
                  label: sourceName(s.source),
                  value: s.views,
                  detail: t.clicksCount(s.clicks, formatNumber(s.clicks)),
                }))}
              />
              <BreakdownList
                title={t.devicesTitle}
                testId="devices"
                rows={data.devices.map((d) => ({ key: d.device, label: deviceName(d.device), value: d.views }))}
              />
              <BreakdownList
                title={t.countriesTitle}
                testId="countries"
                rows={data.countries.map((c) => ({ key: c.country, label: countryName(c.country), icon: countryFlag(c.country), value: c.views }))}
              />
            </>
          ) : (
            <Skeleton className="h-32 w-full md:col-span-3" />
          )}
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirming}
        title={t.resetTitle}
        description={t.resetText}
        confirmLabel={t.resetConfirm}
        destructive
        busy={reset.isPending}
        onConfirm={() => reset.mutate()}
        onOpenChange={setConfirming}
      />
    </div>
  );
}
