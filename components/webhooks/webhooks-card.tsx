"use client";

import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Send, Trash2 } from "lucide-react";
import { CopyOnce } from "@/components/api-keys/copy-once";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { useConfirmedRemoval, withErrorToast } from "@/components/ui/use-confirmed-removal";
import { ApiError, api } from "@/lib/client/api";
import type { DeliveryDto, WebhookDto } from "@/lib/webhooks/webhook-queries";
import { WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/webhooks/webhook-events";
import { apiStrings } from "@/lib/strings/api";

const s = apiStrings;
const HOOKS = ["webhooks"] as const;
const when = (iso: string) => new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "medium" }).format(new Date(iso));

function Deliveries({ id }: { id: string }) {
  const { data } = useQuery({
    queryKey: [...HOOKS, id, "deliveries"],
    queryFn: () => api<DeliveryDto[]>(`/api/webhooks/${encodeURIComponent(id)}/deliveries`),
    // While one is on its way, look again.
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === "pending") ? 2_000 : false),
  });
  if (!data) return null;
  if (!data.length) return <p className="text-xs text-muted-foreground">{s.webhookNoDeliveries}</p>;
  return (
    <div className="grid gap-1">
      <h3 className="text-xs font-semibold">{s.webhookDeliveries}</h3>
      <ul className="grid gap-1 text-xs" aria-label={s.webhookDeliveries}>
        {data.slice(0, 10).map((d) => (
          <li key={d.id} data-testid="webhook-delivery" className="flex flex-wrap gap-x-2">
            <code>{d.type}</code>
            <span>{s.deliveryStatus[d.status]}</span>
            {d.lastStatusCode !== null ? <span>HTTP {d.lastStatusCode}</span> : null}
            <span className="text-muted-foreground">{when(d.createdAt)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'Webhooks' (the page's settings, owners): endpoint, events, the secret shown once, 'Enviar teste', on/off, the last deliveries. */
export function WebhooksCard() {
  const queryClient = useQueryClient();
  const hooks = useQuery({ queryKey: HOOKS, queryFn: () => api<WebhookDto[]>("/api/webhooks") });
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** What is on its way: the form ('add'), or a row's switch or test (`${id}:toggle`, `${id}:test`). */
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: HOOKS });
  const removal = useConfirmedRemoval(
    async (h: WebhookDto) => {
      await api(`/api/webhooks/${encodeURIComponent(h.id)}`, { method: "DELETE" });
      await refresh();
    },
    { title: () => s.webhookDeleteTitle, description: (h) => s.webhookDeleteText(h.url), confirm: s.webhookDelete, done: () => s.webhookDeleted, failed: s.webhookDeleteFailed },
  );
  /** A row's action, one at a time, its failure a toast. */
  const rowAction = async (key: string, action: () => Promise<unknown>, failed: string) => {
    setBusy(key);
    const ok = await withErrorToast(action, failed);
    setBusy(null);
    return ok;
  };

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy === "add") return;
    setBusy("add");
    setError(null);
    try {
      const made = await api<{ secret: string }>("/api/webhooks", { body: { url, events } });
      setSecret(made.secret);
      setUrl("");
      setEvents([]);
      await refresh();
    } catch (e) {
      setError(e instanceof ApiError ? (Object.values(e.errors)[0] ?? e.message) : String(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{s.webhooksTitle}</h2>
        </CardTitle>
        <CardDescription>{s.webhooksIntro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {secret ? <CopyOnce label={s.webhookSecret} value={secret} testId="new-webhook-secret" /> : null}
        <form className="grid gap-3" onSubmit={add} aria-label={s.webhookAdd}>
          <div className="grid gap-1">
            <Label htmlFor="webhook-url">{s.webhookUrl}</Label>
            <Input id="webhook-url" type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" required />
          </div>
          <CheckboxGroup legend={s.webhookEvents} options={WEBHOOK_EVENTS} selected={events} onChange={setEvents} columns />
          {error ? (
            <p className="text-sm text-destructive" role="alert">
              {error}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={busy === "add"}>
              <Plus aria-hidden="true" />
              {s.webhookAdd}
            </Button>
          </div>
        </form>
        {hooks.data && hooks.data.length === 0 ? <p className="text-sm text-muted-foreground">{s.webhooksEmpty}</p> : null}
        {hooks.data && hooks.data.length > 0 ? (
          <ul className="divide-y rounded-md border" aria-label={s.webhooksTitle}>
            {hooks.data.map((h) => (
              <li key={h.id} className="grid gap-2 p-3" data-testid="webhook-row">
                <p className="font-mono text-sm break-all">{h.url}</p>
                <p className="text-xs break-words text-muted-foreground">{h.events.join(", ")}</p>
                <div className="flex flex-wrap items-center gap-2">
                  <label className="flex items-center gap-2 text-sm">
                    <Switch
                      checked={h.active}
                      disabled={busy === `${h.id}:toggle`}
                      aria-label={`${s.webhookActive}: ${h.url}`}
                      onCheckedChange={(active: boolean) =>
                        void rowAction(`${h.id}:toggle`, async () => {
                          await api(`/api/webhooks/${encodeURIComponent(h.id)}`, { method: "PATCH", body: { active } });
                          await refresh();
                        }, s.webhookChangeFailed)
                      }
                    />
                    {s.webhookActive}
                  </label>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={busy === `${h.id}:test`}
                    onClick={async () => {
                      const sent = await rowAction(`${h.id}:test`, () => api(`/api/webhooks/${encodeURIComponent(h.id)}/test`, { method: "POST" }), s.webhookTestFailed);
                      if (!sent) return;
                      toast({ description: s.webhookTestSent });
                      await queryClient.invalidateQueries({ queryKey: [...HOOKS, h.id, "deliveries"] });
                    }}
                  >
                    <Send aria-hidden="true" />
                    {s.webhookTest}
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={s.webhookDeleteLabel(h.url)}
                    onPointerEnter={removal.preload}
                    onFocus={removal.preload}
                    onClick={() => removal.ask(h)}
                  >
                    <Trash2 aria-hidden="true" />
                    {s.webhookDelete}
                  </Button>
                </div>
                <Deliveries id={h.id} />
              </li>
            ))}
          </ul>
        ) : null}
        {removal.dialog}
      </CardContent>
    </Card>
  );
}
