"use client";

import { useRef, useState, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { ChecksField, RemoveButton, ScopeHint, ToolCard, type ToolCardTexts, type ToolSecret } from "@/components/api-keys/tool-card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { useConfirmedRemoval } from "@/components/ui/use-confirmed-removal";
import { schemaChecks, useCardActions, useCardForm } from "@/components/ui/use-card-form";
import { api } from "@/lib/client/api";
import type { DeliveryDto, WebhookDto } from "@/lib/webhooks/webhook-queries";
import { offeredEvents } from "@/lib/webhooks/webhook-events";
import { apiStrings } from "@/lib/strings/api";

const s = apiStrings;
const HOOKS = ["webhooks"] as const;
const when = (iso: string) => new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "medium" }).format(new Date(iso));
const checks = schemaChecks(() => import("@/lib/webhooks/webhook-schemas").then((m) => m.createWebhookSchema));
const TEXTS: ToolCardTexts = { title: s.webhooksTitle, intro: s.webhooksIntro, submit: s.webhookAdd, empty: s.webhooksEmpty };
const eventLabel = (event: string) => s.events[event]?.label ?? event;

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
            <span className="font-medium">{eventLabel(d.type)}</span>
            <span>{s.deliveryLine(s.deliveryStatus[d.status], d.lastStatusCode)}</span>
            <span className="text-muted-foreground">
              {when(d.createdAt)}
              {d.attempts > 1 ? ` · ${s.deliveryTried(d.attempts)}` : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'Webhooks' (the page's settings, owners): endpoint, events (the sales' only where `selling` is on), the secret shown once, 'Enviar teste', on/off, the last deliveries. */
export function WebhooksCard({ selling }: { selling: boolean }) {
  const queryClient = useQueryClient();
  const hooks = useQuery({ queryKey: HOOKS, queryFn: () => api<WebhookDto[]>("/api/webhooks") });
  const [secret, setSecret] = useState<ToolSecret | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: HOOKS });
  const card = useCardForm({
    checks,
    defaultValues: { url: "", events: [] },
    fields: ["url", "events"],
    send: async (body) => {
      const made = await api<{ id: string; url: string; secret: string }>("/api/webhooks", { body });
      setSecret({ id: made.id, label: s.webhookSecretFor(made.url), value: made.secret, testId: "new-webhook-secret" });
    },
    afterSent: refresh,
  });
  /** A row's switch or test on its way: `${id}:toggle`, `${id}:test`. */
  const rows = useCardActions<`${string}:${"toggle" | "test"}`>();
  const removal = useConfirmedRemoval(
    async (h: WebhookDto) => {
      await api(`/api/webhooks/${encodeURIComponent(h.id)}`, { method: "DELETE" });
      await refresh();
    },
    {
      title: () => s.webhookDeleteTitle,
      description: (h) => s.webhookDeleteText(h.url),
      confirm: s.webhookDelete,
      done: () => s.webhookDeleted,
      failed: s.webhookDeleteFailed,
    },
    () => heading.current,
  );

  const hookRow = (h: WebhookDto, shown: ReactNode) => (
    <li className="grid gap-2 p-3" data-testid="webhook-row">
      <p className="font-mono text-sm break-all">{h.url}</p>
      <p className="text-xs break-words text-muted-foreground">{h.events.map(eventLabel).join(", ")}</p>
      {shown}
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex min-h-11 items-center gap-2 pr-2 text-sm">
          <Switch
            className="h-6 w-11 [&>span]:size-5 [&>span[data-state=checked]]:translate-x-5"
            checked={h.active}
            disabled={rows.busy(`${h.id}:toggle`)}
            aria-label={`${s.webhookActive}: ${h.url}`}
            onCheckedChange={(active: boolean) =>
              void rows.run(
                `${h.id}:toggle`,
                async () => {
                  await api(`/api/webhooks/${encodeURIComponent(h.id)}`, { method: "PATCH", body: { active } });
                  await refresh();
                },
                s.webhookChangeFailed,
              )
            }
          />
          {s.webhookActive}
        </label>
        <Button
          type="button"
          variant="outline"
          className="min-h-11"
          disabled={rows.busy(`${h.id}:test`)}
          onClick={async () => {
            const sent = await rows.run(`${h.id}:test`, () => api(`/api/webhooks/${encodeURIComponent(h.id)}/test`, { method: "POST" }), s.webhookTestFailed);
            if (!sent) return;
            toast({ description: s.webhookTestSent });
            await queryClient.invalidateQueries({ queryKey: [...HOOKS, h.id, "deliveries"] });
          }}
        >
          <Send aria-hidden="true" />
          {s.webhookTest}
        </Button>
        <RemoveButton item={h} removal={removal} label={s.webhookDeleteLabel(h.url)}>
          {s.webhookDelete}
        </RemoveButton>
      </div>
      <Deliveries id={h.id} />
    </li>
  );

  return (
    <ToolCard texts={TEXTS} secret={secret} form={card} rows={hooks.data} row={hookRow} removal={removal} headingRef={heading}>
      <div className="grid gap-1">
        <Label htmlFor="webhook-url">{s.webhookUrl}</Label>
        <Input
          id="webhook-url"
          type="url"
          inputMode="url"
          autoComplete="url"
          {...card.form.register("url")}
          placeholder="https://"
          aria-invalid={card.message === s.badWebhookUrl ? true : undefined}
        />
      </div>
      <ChecksField
        control={card.form.control}
        name="events"
        legend={s.webhookEvents}
        options={offeredEvents(selling)}
        label={eventLabel}
        hint={(event) => <ScopeHint text={s.events[event]?.hint} code={event} />}
        columns
      />
    </ToolCard>
  );
}
