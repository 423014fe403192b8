import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeft } from "lucide-react";
import { DisconnectButton } from "@/components/sales/disconnect-button";
import { OrdersList } from "@/components/sales/orders-list";
import { Button } from "@/components/ui/button";
import { withPage } from "@/lib/client/page-scope";
import { formatSaoPaulo } from "@/lib/links/link-schedule";
import { formatReais } from "@/lib/money/money";
import { requireOwnerPage } from "@/lib/pages/current-page";
import { can } from "@/lib/permissions/page-permissions";
import { listOrders } from "@/lib/selling/order-queries";
import { accountSummary } from "@/lib/selling/payment-account";
import { salesTotals } from "@/lib/selling/sales-totals";
import { sellingConfig } from "@/lib/selling/selling-config";
import { salesStrings as t } from "@/lib/strings/sales";

export const metadata: Metadata = { title: t.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * 'Vendas' (api.md, The creator's sales): the Mercado Pago connection, the
 * totals and the orders. Drawn on the server; only disconnecting, paging and
 * refunding run in the browser. An editor reads it (no connection buttons, no
 * refund). Not found where selling is off.
 */
export default async function SalesPage({ searchParams }: Props) {
  if (!sellingConfig()) notFound();
  const { page } = await requireOwnerPage(searchParams);
  if (!can(page.role, "orders.read")) notFound();
  const mayManage = can(page.role, "payments.manage");
  const [account, totals, orders] = await Promise.all([accountSummary(page.id), salesTotals(page.id), listOrders(page.id, {})]);
  const scoped = (path: string) => withPage(path, page.username);

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-8 sm:px-6">
      <div>
        <Link href={scoped("/dashboard")} className="mb-2 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t.back}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        <p className="mt-1 text-muted-foreground">{t.subtitle}</p>
      </div>

      <section aria-labelledby="conta" className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs" data-testid="sales-connection">
        <h2 id="conta" className="text-xl font-semibold">
          {t.connectionTitle}
        </h2>
        {account.connected ? (
          <p>{t.connected(account.sellerId ?? "", formatSaoPaulo(account.connectedAt!))}</p>
        ) : (
          <p className="text-muted-foreground">{t.notConnected}</p>
        )}
        {mayManage ? (
          <div className="flex flex-wrap gap-2">
            {account.connected ? (
              <DisconnectButton />
            ) : (
              <Button asChild>
                {/* A full navigation: the API answers 302 to Mercado Pago's authorisation page. */}
                <a href={scoped("/api/payments/connect")}>{t.connect}</a>
              </Button>
            )}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t.editorNote}</p>
        )}
      </section>

      <section aria-labelledby="resumo" className="grid gap-3">
        <h2 id="resumo" className="text-xl font-semibold">
          {t.totalsTitle}
        </h2>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="sales-totals">
          {totals.map((total) => (
            <div key={total.days} className="rounded-xl border bg-muted/30 p-3">
              <dt className="text-xs font-medium text-muted-foreground">{t.periods[total.days]}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums">{formatReais(total.revenueCents)}</dd>
              <dd className="text-sm text-muted-foreground">{t.ordersCount(total.orders)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <OrdersList initial={orders} mayRefund={can(page.role, "orders.refund")} />
    </div>
  );
}
