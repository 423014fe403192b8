"use client";

import { Download, RotateCcw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useOwnerPath } from "@/components/pages/owner-link";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { api } from "@/lib/client/api";
import { formatSaoPaulo } from "@/lib/links/link-schedule";
import { formatReais } from "@/lib/money/money";
import type { OrderDto } from "@/lib/selling/order-queries";
import { salesStrings as t } from "@/lib/strings/sales";
import { cn } from "@/lib/utils";

// The page's orders on 'Vendas' (api.md, The creator's sales): newest first,
// 50 a page (GET /api/orders?cursor=), the CPF only masked, 'Exportar CSV',
// and for an owner 'Estornar' on each paid order, confirmed naming the amount
// and the buyer; the row's status changes with the answer.

export interface OrdersPage {
  items: OrderDto[];
  nextCursor: string | null;
}

const STATUS_LOOK: Record<string, string> = {
  paid: "bg-emerald-100 text-emerald-900",
  pending: "bg-amber-100 text-amber-900",
  refunded: "bg-sky-100 text-sky-900",
};

const buyerOf = (o: OrderDto) => o.buyer.name ?? o.buyer.email ?? t.noBuyer;

export function OrdersList({ initial, mayRefund }: { initial: OrdersPage; mayRefund: boolean }) {
  const router = useRouter();
  const ownerPath = useOwnerPath();
  const [orders, setOrders] = useState(initial.items);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [loading, setLoading] = useState(false);
  const [refunding, setRefunding] = useState<OrderDto | null>(null);
  const [busy, setBusy] = useState(false);

  const more = async () => {
    if (!cursor) return;
    setLoading(true);
    try {
      const next = await api<OrdersPage>(`/api/orders?cursor=${encodeURIComponent(cursor)}`);
      setOrders((current) => [...current, ...next.items.filter((o) => !current.some((c) => c.id === o.id))]);
      setCursor(next.nextCursor);
    } catch {
      toast({ variant: "destructive", title: t.loadFailed });
    } finally {
      setLoading(false);
    }
  };

  const refund = async (order: OrderDto) => {
    setBusy(true);
    try {
      const done = await api<{ status: "refunded"; refundedAt: string }>(`/api/orders/${encodeURIComponent(order.id)}/refund`, { method: "POST" });
      setOrders((current) => current.map((o) => (o.id === order.id ? { ...o, status: done.status, refundedAt: done.refundedAt } : o)));
      setRefunding(null);
      toast({ title: t.refunded(formatReais(order.amountCents)) });
      // The totals above are drawn by the server: read them again.
      router.refresh();
    } catch (error) {
      setRefunding(null);
      toast({ variant: "destructive", title: t.refundFailed, description: (error as Error).message === t.refundFailed ? undefined : (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="pedidos" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="pedidos" className="text-xl font-semibold">
          {t.ordersTitle}
        </h2>
        {orders.length ? (
          <Button asChild variant="outline" size="sm">
            <a href={ownerPath("/api/orders/export")} download>
              <Download aria-hidden="true" />
              {t.exportCsv}
            </a>
          </Button>
        ) : null}
      </div>
      {orders.length === 0 ? (
        <div className="rounded-xl border p-6 text-center">
          <p className="text-lg font-semibold">{t.emptyTitle}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t.emptyText}</p>
        </div>
      ) : (
        <ul className="grid gap-3" data-testid="orders">
          {orders.map((o) => (
            <li key={o.id} className="rounded-xl border bg-card p-4 shadow-xs" data-testid="order">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
                <div className="min-w-0 sm:flex-1">
                  <p className="font-semibold break-words">{o.title}</p>
                  <p className="text-sm break-all">
                    {buyerOf(o)}
                    {o.buyer.email && o.buyer.name ? <span className="text-muted-foreground"> · {o.buyer.email}</span> : null}
                  </p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    {formatSaoPaulo(o.createdAt)} · CPF {o.buyer.cpf ?? t.noCpf}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap items-center justify-between gap-2 sm:flex-col sm:items-end">
                  <span className="text-lg font-bold tabular-nums">{formatReais(o.amountCents)}</span>
                  <span
                    className={cn("rounded-full px-2 py-0.5 text-xs font-medium", STATUS_LOOK[o.status] ?? "bg-muted text-muted-foreground")}
                    data-testid="order-status"
                  >
                    {t.status[o.status] ?? o.status}
                  </span>
                  {mayRefund && o.status === "paid" ? (
                    <Button variant="outline" size="sm" aria-label={t.refundLabel(o.title, buyerOf(o))} onClick={() => setRefunding(o)}>
                      <RotateCcw aria-hidden="true" />
                      {t.refund}
                    </Button>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {cursor ? (
        <Button variant="outline" className="justify-self-center" disabled={loading} onClick={more}>
          {t.loadMore}
        </Button>
      ) : null}
      <ConfirmDialog
        open={refunding !== null}
        title={t.refundTitle}
        description={refunding ? t.refundText(formatReais(refunding.amountCents), buyerOf(refunding)) : ""}
        confirmLabel={t.refund}
        destructive
        busy={busy}
        onConfirm={() => refunding && refund(refunding)}
        onOpenChange={(open) => !open && setRefunding(null)}
      />
    </section>
  );
}
