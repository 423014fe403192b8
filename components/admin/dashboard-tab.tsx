"use client";

import { Skeleton } from "@/components/ui/skeleton";
import { useAdminStats, useRecheckOnDenied } from "@/lib/admin/use-admin";
import { adminStrings } from "@/lib/strings/admin";
import { AuditList } from "./audit-list";
import { DailyCharts } from "./daily-charts";
import { ListMessage } from "./list-parts";
import { StatCards, StatCardsSkeleton } from "./stat-cards";

const strings = { admin: adminStrings };

export function DashboardTab() {
  const stats = useAdminStats();
  useRecheckOnDenied(stats.error);
  return (
    <div className="space-y-8">
      {stats.isPending ? (
        <div className="space-y-8" aria-busy="true">
          <StatCardsSkeleton />
          <div className="grid gap-4 md:grid-cols-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-48 rounded-xl" />
            ))}
          </div>
        </div>
      ) : stats.isError ? (
        <ListMessage kind="error" text={strings.admin.stats.loadFailed} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <StatCards stats={stats.data} />
          <DailyCharts daily={stats.data.daily} />
        </>
      )}
      <AuditList />
    </div>
  );
}
