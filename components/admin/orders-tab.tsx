"use client";

import { RotateCcw } from "lucide-react";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import type { AdminOrderRow, AdminOrderTotals } from "@/lib/admin/admin-orders";
import { formatCount, formatDateTime } from "@/lib/admin/admin-format";
import { api, apiWithHeaders } from "@/lib/client/api";
import { NEXT_CURSOR_HEADER, UI_PAGE_SIZE } from "@/lib/lists/list-paging";
import { formatReais } from "@/lib/money/money";
import { adminStrings } from "@/lib/strings/admin";
import { Badge, ListMessage, LoadMore } from "./list-parts";

const t = adminStrings.orders;

// 'Pedidos' (api.md, Selling with Pix): every page's orders newest first
// (GET /api/admin/orders, paged by X-Next-Cursor), the totals of paid orders
// and the platform's fees (GET /api/admin/orders/totals), and 'Estornar' on a
// paid order (POST /api/admin/orders/{id}/refund, audited).

const tone = (status: string) => (status === "paid" ? "success" : status === "pending" ? "primary" : "muted");

const ORDERS_KEY = ["admin", "orders"] as const;
const TOTALS_KEY = ["admin", "orders", "totals"] as const;

export function OrdersTab() {
  const client = useQueryClient();
  const [refunding, setRefunding] = useState<AdminOrderRow | null>(null);
  const list = useInfiniteQuery({
    queryKey: ORDERS_KEY,
    queryFn: async ({ pageParam }) => {
      const { data, headers } = await apiWithHeaders<AdminOrderRow[]>(
        `/api/admin/orders?limit=${UI_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      );
      return { items: data, next: headers.get(NEXT_CURSOR_HEADER) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
  const { data: totals } = useQuery({ queryKey: TOTALS_KEY, queryFn: () => api<AdminOrderTotals>("/api/admin/orders/totals") });
  const refund = useMutation({
    mutationFn: (order: AdminOrderRow) => api(`/api/admin/orders/${encodeURIComponent(order.id)}/refund`, { method: "POST" }),
    onSuccess: async (_answer, order) => {
      setRefunding(null);
      toast({ title: t.refunded(formatReais(order.amountCents)) });
      await client.invalidateQueries({ queryKey: ORDERS_KEY });
    },
    onError: (error: Error) => {
      setRefunding(null);
      toast({ variant: "destructive", title: t.refundFailed, description: error.message === t.refundFailed ? undefined : error.message });
    },
  });
  const rows = list.data ? list.data.pages.flatMap((p) => p.items) : null;

  const figures = totals
    ? [
        { label: t.paidCount, value: formatCount(totals.paidOrders) },
        { label: t.revenue, value: formatReais(totals.revenueCents) },
        { label: t.fees, value: formatReais(totals.feesCents) },
        { label: t.refundedCount, value: formatCount(totals.refundedOrders) },
      ]
    : null;

  return (
    <section aria-labelledby="admin-orders" className="grid gap-4">
      <div>
        <h2 id="admin-orders" className="text-xl font-semibold">
          {t.title}
        </h2>
        <p className="text-sm text-muted-foreground">{t.subtitle}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="admin-order-totals">
        {figures
          ? figures.map((f) => (
              <div key={f.label} className="rounded-xl border bg-card p-3">
                <dt className="text-xs font-medium text-muted-foreground">{f.label}</dt>
                <dd className="mt-1 text-lg font-bold tabular-nums">{f.value}</dd>
              </div>
            ))
          : [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-16 w-full" />)}
      </dl>
      {list.isError ? (
        <ListMessage kind="error" text={t.loadFailed} onRetry={() => void list.refetch()} />
      ) : rows === null ? (
        <Skeleton className="h-40 w-full" />
      ) : rows.length === 0 ? (
        <ListMessage kind="empty" text={t.empty} />
      ) : (
        <ul className="grid gap-2" data-testid="admin-orders">
          {rows.map((o) => (
            <li
              key={o.id}
              className="flex flex-col gap-2 rounded-xl border bg-card p-3 sm:flex-row sm:items-center sm:justify-between"
              data-testid="admin-order"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">{o.title}</p>
                <p className="text-sm break-all text-muted-foreground">
                  {t.page}: @{o.page.username} · {formatDateTime(o.createdAt)}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap items-center gap-2">
                <span className="font-semibold tabular-nums">{formatReais(o.amountCents)}</span>
                <Badge tone={tone(o.status)}>{t.statusName[o.status] ?? o.status}</Badge>
                {o.status === "paid" ? (
                  <Button size="sm" variant="outline" aria-label={t.refundLabel(o.title, `@${o.page.username}`)} onClick={() => setRefunding(o)}>
                    <RotateCcw aria-hidden="true" />
                    {t.refund}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
      <ConfirmDialog
        open={refunding !== null}
        title={t.refundTitle}
        description={refunding ? t.refundText(formatReais(refunding.amountCents), `@${refunding.page.username}`) : ""}
        confirmLabel={t.refund}
        destructive
        busy={refund.isPending}
        onConfirm={() => refunding && refund.mutate(refunding)}
        onOpenChange={(open) => !open && setRefunding(null)}
      />
    </section>
  );
}
