"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Download, MailPlus, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { OwnerLink, useOwnerPath } from "@/components/pages/owner-link";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import type { SubscriberDto } from "@/lib/audience/subscriber-queries";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-client";
import { formatSaoPaulo } from "@/lib/links/link-schedule";
import { can, type PageRole } from "@/lib/permissions/page-permissions";
import { audienceStrings } from "@/lib/strings/audience";
import { commonStrings } from "@/lib/strings/common";
import { cn } from "@/lib/utils";

const t = audienceStrings;

// 'Inscritos' (api.md, Audience): the page's subscribers, newest first, by
// status; owners also download the CSV and delete a subscriber.

type Subscriber = SubscriberDto;

interface SubscribersPage {
  items: Subscriber[];
  nextCursor: string | null;
}

const FILTERS = ["all", "confirmed", "pending", "unsubscribed"] as const;
type Filter = (typeof FILTERS)[number];

/** +5511987654321 → +55 (11) 98765-4321 */
function showWhatsapp(e164: string): string {
  const m = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164);
  return m ? `+55 (${m[1]}) ${m[2]}-${m[3]}` : e164;
}

export function SubscribersView({ role }: { role: PageRole }) {
  const mayExport = can(role, "subscribers.export");
  const mayDelete = can(role, "subscribers.delete");
  const [filter, setFilter] = useState<Filter>("all");
  const [removing, setRemoving] = useState<Subscriber | null>(null);
  const ownerPath = useOwnerPath();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: queryKeys.subscribers(filter),
    initialPageParam: "",
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (filter !== "all") params.set("status", filter);
      if (pageParam) params.set("cursor", pageParam);
      const search = params.toString();
      return api<SubscribersPage>(`/api/subscribers${search ? `?${search}` : ""}`);
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/subscribers/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: async () => {
      setRemoving(null);
      toast({ title: t.removed });
      await queryClient.invalidateQueries({ queryKey: ["subscribers"] });
    },
    onError: (error: Error) => toast({ variant: "destructive", title: commonStrings.error, description: error.message }),
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <OwnerLink href="/dashboard" className="mb-2 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t.back}
          </OwnerLink>
          <h1 className="text-3xl font-bold tracking-tight">{t.listTitle}</h1>
          <p className="mt-1 text-muted-foreground">{t.listSubtitle}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <OwnerLink href="/dashboard/broadcasts">
              <Send aria-hidden="true" />
              {t.writeToList}
            </OwnerLink>
          </Button>
          {mayExport ? (
            <Button asChild variant="outline">
              <a href={ownerPath("/api/subscribers/export")} download>
                <Download aria-hidden="true" />
                {t.download}
              </a>
            </Button>
          ) : null}
        </div>
      </div>
      {mayExport ? null : <p className="rounded-xl border bg-muted/30 p-4 text-sm">{t.editorNote}</p>}
      <div role="group" aria-label={t.filterLabel} className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Button key={f} size="sm" variant={filter === f ? "default" : "outline"} aria-pressed={filter === f} onClick={() => setFilter(f)}>
            {t.filters[f]}
          </Button>
        ))}
      </div>
      {query.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label={commonStrings.loading}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <div role="alert" className="rounded-xl border p-6 text-center">
          <p>{t.loadFailed}</p>
          <Button className="mt-3" variant="outline" onClick={() => query.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center py-8 text-center">
            <MailPlus className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="mt-3 text-lg font-semibold">{filter === "all" ? t.emptyTitle : t.emptyFiltered}</p>
            {filter === "all" ? (
              <>
                <p className="mt-1 text-sm text-muted-foreground">{t.emptyText}</p>
                <Button asChild className="mt-4">
                  <OwnerLink href="/dashboard/add?kind=subscribe">{t.addBlock}</OwnerLink>
                </Button>
              </>
            ) : null}
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3" data-testid="subscribers">
          {items.map((s) => (
            <li key={s.id} className="rounded-xl border bg-card p-4 shadow-xs" data-testid="subscriber">
              {/* On a phone the address has the row's whole width and the status and delete come on a line below
                  (beside it, a long address broke into four lines); from sm up they sit at its right. */}
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
                <div className="min-w-0 sm:flex-1">
                  <p className={cn("font-semibold break-all", !s.email && "text-muted-foreground")}>{s.email ?? t.removedAddress}</p>
                  {s.whatsapp ? <p className="text-sm text-muted-foreground">{showWhatsapp(s.whatsapp)}</p> : null}
                  <p className="mt-1 text-xs text-muted-foreground">
                    {t.consentedOn(formatSaoPaulo(s.consentedAt))}
                    {s.confirmedAt ? `, ${t.confirmedOn(formatSaoPaulo(s.confirmedAt))}` : ""} {t.viaSource(s.source)}
                  </p>
                </div>
                <div className="flex shrink-0 items-center justify-between gap-1 sm:justify-end" data-testid="subscriber-status">
                  <span
                    className={cn(
                      "rounded-full px-2 py-0.5 text-xs font-medium",
                      s.status === "confirmed"
                        ? "bg-emerald-100 text-emerald-900"
                        : s.status === "pending"
                          ? "bg-amber-100 text-amber-900"
                          : "bg-muted text-muted-foreground",
                    )}
                  >
                    {t.statusName[s.status] ?? s.status}
                  </span>
                  {mayDelete ? (
                    <Button variant="ghost" size="icon" aria-label={t.remove(s.email ?? t.removedAddress)} onClick={() => setRemoving(s)}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  ) : null}
                </div>
              </div>
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-muted-foreground">{t.consentShown}</summary>
                <p className="mt-1">
                  “{s.consentText}” <span className="text-xs text-muted-foreground">(v. {s.consentVersion})</span>
                </p>
              </details>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button variant="outline" className="justify-self-center" disabled={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
          {t.more}
        </Button>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t.removeTitle}
        description={removing ? t.removeText(removing.email ?? t.removedAddress) : ""}
        confirmLabel={t.removeConfirm}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onOpenChange={(open) => !open && setRemoving(null)}
      />
    </div>
  );
}
