"use client";

import { useState } from "react";
import type { AdminReportRow } from "@/lib/moderation/moderation-types";
import { useAdminReports, useCloseReport, useSetPageStatus } from "@/lib/moderation/use-moderation";
import { useDebouncedValue, useRecheckOnDenied } from "@/lib/admin/use-admin";
import { ApiError } from "@/lib/client/api";
import { moderationStrings } from "@/lib/strings/moderation";
import { commonStrings } from "@/lib/strings/common";
import { adminStrings } from "@/lib/strings/admin";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { BlockedDomains } from "./blocked-domains";
import { DeactivateDialog } from "./deactivate-dialog";
import { ListMessage, LoadMore, SearchBox } from "./list-parts";
import { ReportItem, type ReportActions } from "./report-item";

const strings = { moderation: moderationStrings, common: commonStrings, admin: adminStrings };

const t = strings.moderation.admin;
const failed = (fallback: string) => (error: unknown) =>
  toast({ variant: "destructive", title: strings.common.error, description: error instanceof ApiError ? error.message : fallback });

export function ReportsTab() {
  const [status, setStatus] = useState<"open" | "closed">("open");
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim());
  const list = useAdminReports(status, q);
  const close = useCloseReport();
  const setPage = useSetPageStatus();
  const [deactivating, setDeactivating] = useState<AdminReportRow | null>(null);
  useRecheckOnDenied(list.error ?? close.error ?? setPage.error);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];

  const actions: ReportActions = {
    busy: close.isPending || setPage.isPending,
    onClose: (row) => close.mutate(row.id, { onSuccess: () => toast({ description: t.closedToast }), onError: failed(t.closeFailed) }),
    onDeactivate: setDeactivating,
    onReactivate: (row) =>
      setPage.mutate({ pageId: row.pageId }, { onSuccess: () => toast({ description: t.statusChanged }), onError: failed(t.statusFailed) }),
  };

  return (
    <section aria-label={strings.admin.tabs.reports} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div role="group" aria-label={t.statusLabel} className="inline-flex w-fit rounded-lg border bg-muted p-1">
          {(["open", "closed"] as const).map((value) => (
            <Button key={value} size="sm" variant={status === value ? "default" : "ghost"} aria-pressed={status === value} onClick={() => setStatus(value)}>
              {value === "open" ? t.open : t.closed}
            </Button>
          ))}
        </div>
        <SearchBox id="admin-reports-search" label={t.searchLabel} placeholder={t.searchPlaceholder} value={search} onChange={setSearch} />
      </div>
      {list.isPending ? (
        <div className="space-y-3" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-24 rounded-xl" />
          ))}
        </div>
      ) : list.isError && !rows.length ? (
        <ListMessage kind="error" text={strings.admin.list.loadFailed} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <ListMessage kind="empty" text={t.empty} />
      ) : (
        <>
          <ul className="divide-y rounded-xl border bg-card shadow-sm" data-testid="reports-list">
            {rows.map((row) => (
              <ReportItem key={row.id} row={row} actions={actions} />
            ))}
          </ul>
          <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
        </>
      )}
      <DeactivateDialog
        username={deactivating?.username ?? null}
        busy={setPage.isPending}
        onClose={() => setDeactivating(null)}
        onConfirm={(reason) =>
          deactivating &&
          setPage.mutate(
            { pageId: deactivating.pageId, reason },
            {
              onSuccess: () => toast({ description: t.statusChanged }),
              onError: failed(t.statusFailed),
              onSettled: () => setDeactivating(null),
            },
          )
        }
      />
      <BlockedDomains />
    </section>
  );
}
