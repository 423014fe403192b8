"use client";

import { useId, useState } from "react";
import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LazyConfirmDialog, preloadConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { schemaChecks, refusalText, useCardActions, useCardForm } from "@/components/ui/use-card-form";
import { api } from "@/lib/client/api";
import type { DomainDto } from "@/lib/domains/domain-schemas";
import { domainsStrings } from "@/lib/strings/domains";

const strings = { domains: domainsStrings };
const t = strings.domains.card;
const checks = schemaChecks(() => import("@/lib/domains/domain-schemas").then((m) => m.addDomainSchema));

// 'Domínio próprio' (api.md, Custom domains): the owner types the domain, sees
// the two DNS records to create (each part with a copy button), presses
// 'Verificar' (what is missing named in pt-BR), sees the status, and may
// remove it. An editor sees the same, read-only.

export function DomainCard({ initial, canEdit }: { initial: DomainDto | null; canEdit: boolean }) {
  const [domain, setDomain] = useState<DomainDto | null>(initial);
  const [confirming, setConfirming] = useState(false);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const { form, onSubmit, sending, message, preload } = useCardForm({
    checks,
    defaultValues: { domain: "" },
    fields: ["domain"],
    send: async (body) => setDomain(await api<DomainDto>("/api/domains", { method: "POST", body })),
    failure: (e) => refusalText(e, strings.domains.invalid),
  });
  const actions = useCardActions<"verify" | "remove">();
  const busy = sending || actions.busy();
  /** The card's failures are toasts titled with the server's message. */
  const failed = (fallback: string) => (e: unknown) => toast({ variant: "destructive", title: refusalText(e, fallback) });

  const verify = () =>
    actions.run(
      "verify",
      async () => {
        const { domain: checked } = await api<{ domain: DomainDto }>("/api/domains/verify", { method: "POST", body: {} });
        setDomain(checked);
        if (checked.status === "active") toast({ title: t.active(checked.domain) });
      },
      failed(t.verify),
    );

  const remove = () =>
    actions.run(
      "remove",
      async () => {
        await api("/api/domains", { method: "DELETE" });
        setDomain(null);
        setConfirming(false);
        toast({ title: t.removed });
      },
      failed(t.remove),
    );

  return (
    <Card data-testid="domain-card" aria-labelledby={`${fieldId}-title`} role="region">
      <CardHeader>
        <CardTitle id={`${fieldId}-title`}>{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!canEdit ? <p className="text-sm text-muted-foreground">{t.readOnly}</p> : null}
        {!domain && canEdit ? (
          <form onSubmit={onSubmit} onFocus={preload} onPointerEnter={preload} className="grid gap-2" noValidate>
            <Label htmlFor={fieldId}>{t.field}</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={fieldId}
                {...form.register("domain")}
                placeholder={t.placeholder}
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                inputMode="url"
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? errorId : undefined}
              />
              <Button type="submit" disabled={sending}>
                {sending ? t.adding : t.add}
              </Button>
            </div>
            {message ? (
              <p id={errorId} className="text-sm text-destructive" role="alert">
                {message}
              </p>
            ) : null}
          </form>
        ) : null}
        {domain ? <DomainDetails domain={domain} /> : null}
        {domain && canEdit ? (
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => void verify()} disabled={busy}>
              {actions.busy("verify") ? t.verifying : t.verify}
            </Button>
            <Button type="button" variant="outline" onClick={() => setConfirming(true)} onPointerEnter={preloadConfirmDialog} onFocus={preloadConfirmDialog} disabled={busy}>
              {t.remove}
            </Button>
          </div>
        ) : null}
        <LazyConfirmDialog
          open={confirming}
          title={t.remove}
          description={t.removeConfirm}
          confirmLabel={t.remove}
          destructive
          busy={actions.busy("remove")}
          onConfirm={() => void remove()}
          onOpenChange={setConfirming}
        />
      </CardContent>
    </Card>
  );
}

function DomainDetails({ domain }: { domain: DomainDto }) {
  return (
    <div className="grid gap-4">
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium">{t.field}:</dt>
          <dd className="break-all">{domain.domain}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium">{t.status}:</dt>
          <dd data-status={domain.status}>
            {t.statuses[domain.status] ?? domain.status}
            {domain.verifiedAt && domain.status === "active" ? ` · ${t.verifiedAt(new Date(domain.verifiedAt).toLocaleDateString("pt-BR"))}` : null}
          </dd>
        </div>
      </dl>
      {domain.status !== "active" ? (
        <div className="grid gap-2">
          <p className="text-sm">{t.recordsIntro}</p>
          <ul className="grid gap-2" aria-label={t.recordsIntro}>
            {domain.records.map((record) => (
              <li key={`${record.type}-${record.value}`} className="grid gap-1 rounded-md border p-3 text-sm">
                <span className="font-medium">
                  {t.type}: {record.type}
                </span>
                <CopyRow label={t.name} value={record.name} />
                <CopyRow label={t.value} value={record.value} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div aria-live="polite">
        {domain.problems?.length ? (
          <div className="grid gap-1 rounded-md border border-destructive/40 p-3 text-sm">
            <p className="font-medium">{t.problemsTitle}</p>
            <ul className="list-disc pl-5">
              {domain.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function CopyRow({ label, value }: { label: string; value: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: t.copied });
    } catch {
      // Without clipboard access the value stays selectable on screen.
    }
  }
  return (
    <div className="flex items-center justify-between gap-2">
      <span className="min-w-0 break-all">
        <span className="text-muted-foreground">{label}: </span>
        <code>{value}</code>
      </span>
      <Button type="button" variant="ghost" size="sm" onClick={() => void copy()} aria-label={t.copyLabel(`${label.toLowerCase()} ${value}`)}>
        <Copy aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t.copy}</span>
      </Button>
    </div>
  );
}
