"use client";

import { Fragment, useId, useRef, useState } from "react";
import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LazyConfirmDialog, preloadConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { schemaChecks, refusalText, useCardActions, useCardForm } from "@/components/ui/use-card-form";
import { api } from "@/lib/client/api";
import { relativeName, type DomainDto, type DomainRecord } from "@/lib/domains/domain-schemas";
import { domainsStrings } from "@/lib/strings/domains";

const strings = { domains: domainsStrings };
const t = strings.domains.card;
const checks = schemaChecks(() => import("@/lib/domains/domain-schemas").then((m) => m.addDomainSchema));

// 'Domínio próprio' (api.md, Custom domains): the owner types the domain, sees
// the DNS records to create (each name as a DNS panel asks it, relative to the
// registrable domain, the full name beneath; name and value with a copy
// button each), presses 'Verificar' (what is missing named in pt-BR, with what
// was found), sees the status, and may remove it (the dialog names the domain;
// focus back on 'Remover', or on the field once it is gone). An editor sees
// the same, read-only.

export function DomainCard({ initial, canEdit, username }: { initial: DomainDto | null; canEdit: boolean; username: string }) {
  const [domain, setDomain] = useState<DomainDto | null>(initial);
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
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
              <Button type="submit" className="min-h-11" disabled={sending}>
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
            <Button type="button" className="min-h-11" onClick={() => void verify()} disabled={busy}>
              {actions.busy("verify") ? t.verifying : t.verify}
            </Button>
            <Button
              ref={removeButton}
              type="button"
              variant="outline"
              className="min-h-11"
              aria-label={t.removeLabel(domain.domain)}
              onClick={() => setConfirming(true)}
              onPointerEnter={preloadConfirmDialog}
              onFocus={preloadConfirmDialog}
              disabled={busy}
            >
              {t.remove}
            </Button>
          </div>
        ) : null}
        <LazyConfirmDialog
          open={confirming}
          title={domain ? t.removeTitle(domain.domain) : t.remove}
          description={domain ? t.removeConfirm(domain.domain, username) : ""}
          returnFocus={() => (removeButton.current?.isConnected ? removeButton.current : document.getElementById(fieldId))}
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
          <p className="text-xs text-muted-foreground">{t.recordsZone(domain.zone)}</p>
          <ul className="grid gap-2" aria-label={t.recordsIntro}>
            {domain.records.map((record) => (
              <RecordItem key={`${record.type}-${record.value}`} record={record} zone={domain.zone} />
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

/** Past this many characters a part may break anywhere (a token): shorter parts never break inside. */
const LONG_PART = 24;

/**
 * A name or value that breaks only after its dots (and after a TXT value's
 * `=`), never at a hyphen: `ana-loja` stays whole; only a part longer than a
 * line can hold (the token) breaks inside.
 */
function Dotted({ value }: { value: string }) {
  const parts = value.split(/(?<=[.=])/);
  return (
    <code>
      {parts.map((part, i) => (
        <Fragment key={i}>
          <span className={part.length > LONG_PART ? "break-all" : "whitespace-nowrap"}>{part}</span>
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </code>
  );
}

/** One record to create: its type, its name relative to the zone (the full name beneath), its value; 'Copiar nome' and 'Copiar valor'. */
function RecordItem({ record, zone }: { record: DomainRecord; zone: string }) {
  const relative = relativeName(record.name, zone);
  return (
    <li className="grid gap-3 rounded-md border p-3 text-sm" data-testid="domain-record">
      <p className="font-medium">{t.recordTitle(record.type)}</p>
      <dl className="grid gap-3">
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{t.name}</dt>
          <dd className="grid gap-1">
            <span className="font-semibold" data-testid="record-name">
              <Dotted value={relative} />
            </span>
            <span className="text-xs text-muted-foreground" data-testid="record-full-name">
              {relative === "@" ? `${t.apexName} · ` : null}
              {t.fullName}: <Dotted value={record.name} />
            </span>
            <CopyButton text={t.copyName} label={t.copyNameLabel(record.type, relative)} value={relative === "@" ? record.name : relative} />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-muted-foreground">{t.value}</dt>
          <dd className="grid gap-1">
            <span data-testid="record-value">
              <Dotted value={record.value} />
            </span>
            <CopyButton text={t.copyValue} label={t.copyValueLabel(record.type, record.value)} value={record.value} />
          </dd>
        </div>
      </dl>
    </li>
  );
}

function CopyButton({ text, label, value }: { text: string; label: string; value: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: t.copied, description: value });
    } catch {
      // Without clipboard access the value stays selectable on screen.
    }
  }
  return (
    <div>
      <Button type="button" variant="outline" className="min-h-11" onClick={() => void copy()} aria-label={label}>
        <Copy aria-hidden="true" />
        {text}
      </Button>
    </div>
  );
}
