"use client";

import { useState } from "react";
import { Flag, FileText, LayoutDashboard, Mail, Receipt, Shield, Users } from "lucide-react";
import { lazyComponent } from "@/components/ui/lazy-component";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ADMIN_TABS as TABS, parseAdminTab, type AdminTab } from "@/lib/admin/admin-tabs";
import { adminStrings } from "@/lib/strings/admin";
import { DashboardTab } from "./dashboard-tab";
import { OrdersTab } from "./orders-tab";
import { PagesTab } from "./pages-tab";
import { ReportsTab } from "./reports-tab";
import { UsersTab } from "./users-tab";

const strings = { admin: adminStrings };

// 'Envios' loads its code when it is first opened, out of the panel's first script (scripts/analyze.mjs).
const BroadcastsTab = lazyComponent(() => import("./broadcasts-tab").then((m) => m.BroadcastsTab), <Skeleton className="h-40 w-full" />);

const ICONS = { dashboard: LayoutDashboard, pages: FileText, users: Users, reports: Flag, broadcasts: Mail, orders: Receipt } as const;

/** `selling`: selling with Pix is on (lib/selling/selling-config.ts): the 'Pedidos' tab is offered. */
export function AdminPanel({ initialTab, currentUserId, selling = false }: { initialTab: AdminTab; currentUserId: string; selling?: boolean }) {
  const t = strings.admin;
  const tabs: readonly AdminTab[] = selling ? TABS : TABS.filter((value) => value !== "orders");
  const offered = (value: AdminTab): AdminTab => (tabs.includes(value) ? value : "dashboard");
  const [tab, setTab] = useState<AdminTab>(offered(initialTab));

  function select(value: string) {
    const next = offered(parseAdminTab(value));
    setTab(next);
    // The tab lives in ?tab= so a reload or a shared link opens it; no server round trip.
    const url = new URL(window.location.href);
    url.searchParams.set("tab", next);
    window.history.replaceState(window.history.state, "", url);
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <header className="mb-6 flex items-start gap-3">
        <span className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary sm:flex">
          <Shield className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.title}</h1>
          <p className="mt-1 text-muted-foreground">{t.subtitle}</p>
        </div>
      </header>
      <Tabs value={tab} onValueChange={select} className="gap-6">
        <TabsList className="h-auto min-h-11 w-full flex-wrap sm:w-fit">
          {tabs.map((value) => {
            const Icon = ICONS[value];
            return (
              <TabsTrigger key={value} value={value} className="basis-auto px-3 sm:px-4">
                <Icon aria-hidden="true" className="max-sm:hidden" />
                {t.tabs[value]}
              </TabsTrigger>
            );
          })}
        </TabsList>
        <TabsContent value="dashboard">
          <DashboardTab />
        </TabsContent>
        <TabsContent value="pages">
          <PagesTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab currentUserId={currentUserId} />
        </TabsContent>
        <TabsContent value="reports">
          <ReportsTab />
        </TabsContent>
        <TabsContent value="broadcasts">
          <BroadcastsTab />
        </TabsContent>
        {selling ? (
          <TabsContent value="orders">
            <OrdersTab />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}
