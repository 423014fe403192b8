"use client";

import { Pause, Play, ShieldOff } from "lucide-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import type { AdminPageRow } from "@/lib/admin/admin-types";
import { formatCount, formatDateTime } from "@/lib/admin/admin-format";
import type { PausedPage } from "@/lib/broadcasts/broadcast-pause";
import type { AdminBroadcastRow } from "@/lib/broadcasts/broadcast-queries";
import { api } from "@/lib/client/api";
import { adminStrings } from "@/lib/strings/admin";
import { broadcastComposerStrings } from "@/lib/strings/broadcast-composer";
import { Badge, ListMessage } from "./list-parts";

const t = adminStrings.broadcasts;
const statusName = broadcastComposerStrings.status;

// 'Envios' (api.md, Write to your list): the pages whose sending is paused now
// with their reason (GET /api/admin/broadcasts/pauses) and 'Retomar envios'
// (DELETE /api/admin/broadcasts/pauses/{pageId}); a page's sending paused by
// its address or from one of its broadcasts (POST …/pauses/{pageId}); every
// page's latest 200 broadcasts with their figures (GET /api/admin/broadcasts),
// one paused or resumed (POST/DELETE /api/admin/broadcasts/{id}/pause). Each
// action asks first, naming the page; all of them are audited by the server.

const BROADCASTS_KEY = ["admin", "broadcasts"] as const;
const PAUSES_KEY = ["admin", "broadcasts", "pauses"] as const;

type PageRef = { id: string; username: string; name: string };
type Pending =
  | { kind: "pausePage"; page: PageRef }
  | { kind: "liftPage"; page: PageRef }
  | { kind: "pauseBroadcast"; broadcast: AdminBroadcastRow }
  | { kind: "resumeBroadcast"; broadcast: AdminBroadcastRow };

const handleOf = (page: { username: string }) => `@${page.username}`;
const named = (page: { username: string; name: string }) => `${page.name} (${handleOf(page)})`;

const tone = (status: string) => (status === "sent" ? "success" : status === "sending" || status === "scheduled" ? "primary" : "muted");

export function BroadcastsTab() {
  const client = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const broadcasts = useQuery({ queryKey: BROADCASTS_KEY, queryFn: () => api<AdminBroadcastRow[]>("/api/admin/broadcasts") });
  const pauses = useQuery({ queryKey: PAUSES_KEY, queryFn: () => api<PausedPage[]>("/api/admin/broadcasts/pauses") });

  const act = useMutation({
    mutationFn: async (p: Pending) => {
      if (p.kind === "pausePage" || p.kind === "liftPage") {
        await api(`/api/admin/broadcasts/pauses/${encodeURIComponent(p.page.id)}`, { method: p.kind === "pausePage" ? "POST" : "DELETE" });
      } else {
        await api(`/api/admin/broadcasts/${encodeURIComponent(p.broadcast.id)}/pause`, { method: p.kind === "pauseBroadcast" ? "POST" : "DELETE" });
      }
    },
    onSuccess: async (_answer, p) => {
      setPending(null);
      const title =
        p.kind === "pausePage"
          ? t.pagePaused(handleOf(p.page))
          : p.kind === "liftPage"
            ? t.pageLifted(handleOf(p.page))
            : p.kind === "pauseBroadcast"
              ? t.paused
              : t.resumed;
      toast({ title });
      await client.invalidateQueries({ queryKey: BROADCASTS_KEY });
    },
    onError: (error: Error) => {
      setPending(null);
      toast({ variant: "destructive", title: t.actionFailed, description: error.message === t.actionFailed ? undefined : error.message });
    },
  });

  const dialog = pending ? dialogText(pending) : null;

  return (
    <section aria-labelledby="admin-broadcasts" className="grid gap-6">
      <div>
        <h2 id="admin-broadcasts" className="text-xl font-semibold">
          {t.title}
        </h2>
        <p className="text-sm text-muted-foreground">{t.subtitle}</p>
      </div>

      <section aria-labelledby="admin-broadcast-pauses" className="grid gap-3">
        <h3 id="admin-broadcast-pauses" className="text-lg font-semibold">
          {t.pausedTitle}
        </h3>
        {pauses.isError ? (
          <ListMessage kind="error" text={t.pausedLoadFailed} onRetry={() => void pauses.refetch()} />
        ) : !pauses.data ? (
          <Skeleton className="h-20 w-full" />
        ) : pauses.data.length === 0 ? (
          <p className="rounded-xl border border-dashed px-4 py-6 text-center text-muted-foreground">{t.pausedEmpty}</p>
        ) : (
          <ul className="grid gap-2" data-testid="admin-paused-pages">
            {pauses.data.map((p) => {
              const page = { id: p.pageId, username: p.username, name: p.name };
              return (
                <li
                  key={p.pageId}
                  className="flex flex-col gap-2 rounded-xl border bg-card p-3 sm:flex-row sm:items-center sm:justify-between"
                  data-testid="admin-paused-page"
                >
                  <div className="min-w-0">
                    <p className="font-medium break-words">{named(p)}</p>
                    <p className="text-sm break-words text-muted-foreground">
                      {p.reason} · {t.pausedOn(formatDateTime(p.pausedAt))}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    className="shrink-0"
                    aria-label={t.liftPageLabel(handleOf(p))}
                    onClick={() => setPending({ kind: "liftPage", page })}
                  >
                    <Play aria-hidden="true" />
                    {t.liftPage}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <PausePageForm pausedIds={new Set((pauses.data ?? []).map((p) => p.pageId))} onFound={(page) => setPending({ kind: "pausePage", page })} />
      </section>

      <section aria-labelledby="admin-broadcast-list" className="grid gap-3">
        <h3 id="admin-broadcast-list" className="text-lg font-semibold">
          {t.listTitle}
        </h3>
        {broadcasts.isError ? (
          <ListMessage kind="error" text={t.loadFailed} onRetry={() => void broadcasts.refetch()} />
        ) : !broadcasts.data ? (
          <Skeleton className="h-40 w-full" />
        ) : broadcasts.data.length === 0 ? (
          <ListMessage kind="empty" text={t.empty} />
        ) : (
          <ul className="grid gap-2" data-testid="admin-broadcasts">
            {broadcasts.data.map((b) => (
              <BroadcastRow key={b.id} b={b} onAction={setPending} />
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={pending !== null}
        title={dialog?.title ?? ""}
        description={dialog?.text ?? ""}
        confirmLabel={dialog?.confirm ?? ""}
        destructive={pending?.kind === "pausePage" || pending?.kind === "pauseBroadcast"}
        busy={act.isPending}
        onConfirm={() => pending && act.mutate(pending)}
        onOpenChange={(open) => !open && setPending(null)}
      />
    </section>
  );
}

function dialogText(p: Pending): { title: string; text: string; confirm: string } {
  switch (p.kind) {
    case "pausePage":
      return { title: t.pausePageTitle(named(p.page)), text: t.pausePageText(handleOf(p.page)), confirm: t.pausePage };
    case "liftPage":
      return { title: t.liftPageTitle(named(p.page)), text: t.liftPageText(handleOf(p.page)), confirm: t.liftPage };
    case "pauseBroadcast":
      return { title: t.pauseTitle, text: t.pauseText(p.broadcast.subject, named(p.broadcast.page)), confirm: t.pause };
    case "resumeBroadcast":
      return { title: t.resumeTitle, text: t.resumeText(p.broadcast.subject, named(p.broadcast.page)), confirm: t.resume };
  }
}

function BroadcastRow({ b, onAction }: { b: AdminBroadcastRow; onAction: (p: Pending) => void }) {
  const page = b.page;
  const when = b.startedAt ? t.started(formatDateTime(b.startedAt)) : b.sendAt ? t.scheduled(formatDateTime(b.sendAt)) : t.created(formatDateTime(b.createdAt));
  const figures = [
    { label: t.recipients, value: b.recipients },
    { label: t.sent, value: b.sent },
    { label: t.failed, value: b.failed },
    { label: t.unsubscribed, value: b.unsubscribed },
  ];
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-3" data-testid="admin-broadcast">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium break-words">{b.subject}</p>
          <p className="text-sm break-words text-muted-foreground">
            {t.page}: {named(page)} · {when}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <Badge tone={tone(b.status)}>{statusName[b.status] ?? b.status}</Badge>
          {page.paused ? <Badge tone="muted">{t.pagePausedBadge}</Badge> : null}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={t.figures(b.subject)}>
        {figures.map((f) => (
          <div key={f.label} className="rounded-lg bg-muted/50 px-2 py-1">
            <dt className="text-xs text-muted-foreground">{f.label}</dt>
            <dd className="font-semibold tabular-nums">{formatCount(f.value)}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        {b.status === "scheduled" || b.status === "sending" ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={t.pauseLabel(b.subject, handleOf(page))}
            onClick={() => onAction({ kind: "pauseBroadcast", broadcast: b })}
          >
            <Pause aria-hidden="true" />
            {t.pause}
          </Button>
        ) : null}
        {b.status === "paused" ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={t.resumeLabel(b.subject, handleOf(page))}
            onClick={() => onAction({ kind: "resumeBroadcast", broadcast: b })}
          >
            <Play aria-hidden="true" />
            {t.resume}
          </Button>
        ) : null}
        {page.paused ? null : (
          <Button size="sm" variant="outline" aria-label={t.pausePageLabel(handleOf(page))} onClick={() => onAction({ kind: "pausePage", page })}>
            <ShieldOff aria-hidden="true" />
            {t.pausePage}
          </Button>
        )}
      </div>
    </li>
  );
}

/** A page's sending paused by its address: found through the panel's page search, then confirmed by name. */
function PausePageForm({ pausedIds, onFound }: { pausedIds: Set<string>; onFound: (page: PageRef) => void }) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const handle = value.trim().replace(/^@/, "").toLowerCase();
    if (!handle) return;
    setBusy(true);
    setError(null);
    try {
      const rows = await api<AdminPageRow[]>(`/api/admin/pages?q=${encodeURIComponent(handle)}&limit=20`);
      const page = rows.find((r) => r.userName.toLowerCase() === handle);
      if (!page) setError(t.pageNotFound(handle));
      else if (pausedIds.has(page.id)) setError(t.alreadyPaused(`@${page.userName}`));
      else onFound({ id: page.id, username: page.userName, name: page.name });
    } catch {
      setError(t.searchFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-2 rounded-xl border p-3" aria-labelledby="admin-pause-page" noValidate>
      <h4 id="admin-pause-page" className="font-medium">
        {t.pauseFormTitle}
      </h4>
      <label htmlFor="admin-pause-page-handle" className="text-sm">
        {t.pageField}
      </label>
      <p id="admin-pause-page-hint" className="text-sm text-muted-foreground">
        {t.pauseFormHint}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="admin-pause-page-handle"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          maxLength={100}
          aria-describedby={error ? "admin-pause-page-hint admin-pause-page-error" : "admin-pause-page-hint"}
          aria-invalid={error ? true : undefined}
          className="sm:max-w-xs"
        />
        <Button type="submit" variant="outline" disabled={busy} aria-busy={busy}>
          <ShieldOff aria-hidden="true" />
          {t.pausePage}
        </Button>
      </div>
      {error ? (
        <p id="admin-pause-page-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
