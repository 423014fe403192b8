"use client";

import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Send, Trash2 } from "lucide-react";
import { CopyOnce } from "@/components/api-keys/copy-once";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { ApiError, api } from "@/lib/client/api";
import type { DeliveryDto, WebhookDto } from "@/lib/webhooks/webhook-queries";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/webhook-events";
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
  const [events, setEvents] = useState<string[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: HOOKS });

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const made = await api<{ secret: string }>("/api/webhooks", { body: { url, events } });
      setSecret(made.secret);
      setUrl("");
      setEvents([]);
      await refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
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
          <fieldset className="grid gap-1">
            <legend className="text-sm font-medium">{s.webhookEvents}</legend>
            <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
              {WEBHOOK_EVENTS.map((name) => (
                <label key={name} className="flex items-center gap-2 text-sm">
                  <Checkbox checked={events.includes(name)} onCheckedChange={(on) => setEvents((l) => (on ? [...l, name] : l.filter((v) => v !== name)))} />
                  <code>{name}</code>
                </label>
              ))}
            </div>
          </fieldset>
          {error ? (
            <p className="text-sm text-destructive" role="alert">
              {error}
            </p>
          ) : null}
          <div>
            <Button type="submit">
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
                      aria-label={`${s.webhookActive}: ${h.url}`}
                      onCheckedChange={async (active: boolean) => {
                        await api(`/api/webhooks/${encodeURIComponent(h.id)}`, { method: "PATCH", body: { active } });
                        await refresh();
                      }}
                    />
                    {s.webhookActive}
                  </label>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={async () => {
                      await api(`/api/webhooks/${encodeURIComponent(h.id)}/test`, { method: "POST" });
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
                    aria-label={`${s.webhookDelete} ${h.url}`}
                    onClick={async () => {
                      await api(`/api/webhooks/${encodeURIComponent(h.id)}`, { method: "DELETE" });
                      await refresh();
                    }}
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
      </CardContent>
    </Card>
  );
}
