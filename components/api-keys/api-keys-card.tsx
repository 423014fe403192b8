"use client";

import { useRef, useState, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useConfirmedRemoval } from "@/components/ui/use-confirmed-removal";
import { schemaChecks, useCardForm } from "@/components/ui/use-card-form";
import { api } from "@/lib/client/api";
import { API_SCOPES } from "@/lib/permissions/api-scopes";
import type { ApiKeyDto } from "@/lib/api-keys/api-key-queries";
import { apiStrings } from "@/lib/strings/api";
import { ChecksField, RemoveButton, ToolCard, ScopeHint, type ToolCardTexts, type ToolSecret } from "./tool-card";

const s = apiStrings;
const KEYS = ["user", "api-keys"] as const;
const when = (iso: string) => new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));
const checks = schemaChecks(() => import("@/lib/api-keys/api-key-schemas").then((m) => m.createApiKeySchema));
const TEXTS: ToolCardTexts = {
  title: s.keysTitle,
  intro: (
    <>
      {s.keysIntro}{" "}
      <a className="underline" href="/docs/api">
        /docs/api
      </a>
    </>
  ),
  submit: s.keyCreate,
  empty: s.keysEmpty,
};
const scopeLabel = (scope: string) => s.scopes[scope]?.label ?? scope;

/** 'Chaves de API' (the account's settings): create with name, scopes and optional pages; the key shown once; list; delete. */
export function ApiKeysCard() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: KEYS, queryFn: () => api<ApiKeyDto[]>("/api/keys") });
  const pages = useQuery({ queryKey: ["pages"], queryFn: () => api<{ id: string; username: string }[]>("/api/pages") });
  const [created, setCreated] = useState<ToolSecret | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const card = useCardForm({
    checks,
    defaultValues: { name: "", scopes: [], pages: [] },
    fields: ["name", "scopes", "pages"],
    // Absent or empty `pages`: every page; sent only when some are picked.
    send: async ({ pages: only, ...key }) => {
      const made = await api<{ id: string; name: string; key: string }>("/api/keys", { body: only?.length ? { ...key, pages: only } : key });
      setCreated({ id: made.id, label: s.keySecretFor(made.name), value: made.key, testId: "new-api-key" });
    },
    afterSent: () => queryClient.invalidateQueries({ queryKey: KEYS }),
  });
  const removal = useConfirmedRemoval(
    async (k: ApiKeyDto) => {
      await api(`/api/keys/${encodeURIComponent(k.id)}`, { method: "DELETE" });
      await queryClient.invalidateQueries({ queryKey: KEYS });
    },
    {
      title: (k) => s.keyDeleteTitle(k.name),
      description: () => s.keyDeleteText,
      confirm: s.keyDelete,
      done: (k) => s.keyDeleted(k.name),
      failed: s.keyDeleteFailed,
    },
    () => heading.current,
  );
  const { control, register } = card.form;

  const keyRow = (k: ApiKeyDto, secret: ReactNode) => (
    <li className="grid gap-3 p-3" data-testid="api-key-row">
      <div className="grid gap-2 sm:flex sm:items-center">
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium break-words">
            {k.name} <code className="text-xs text-muted-foreground">{k.prefix}…</code>
          </p>
          <p className="text-xs break-words text-muted-foreground">
            {k.scopes.map(scopeLabel).join(", ")} · {k.pages ? k.pages.join(", ") : s.keyAllPages} · {s.keyLastUsed}:{" "}
            {k.lastUsedAt ? when(k.lastUsedAt) : s.keyNeverUsed}
          </p>
        </div>
        <RemoveButton item={k} removal={removal} label={s.keyDeleteLabel(k.name)} className="justify-self-start">
          {s.keyDelete}
        </RemoveButton>
      </div>
      {secret}
    </li>
  );

  return (
    <ToolCard texts={TEXTS} secret={created} form={card} rows={keys.data} row={keyRow} removal={removal} headingRef={heading}>
      <div className="grid gap-1">
        <Label htmlFor="api-key-name">{s.keyName}</Label>
        <Input id="api-key-name" {...register("name")} maxLength={60} autoComplete="off" />
      </div>
      <ChecksField
        control={control}
        name="scopes"
        legend={s.keyScopes}
        options={API_SCOPES}
        label={scopeLabel}
        hint={(scope) => <ScopeHint text={s.scopes[scope]?.hint} code={scope} />}
        columns
      />
      {pages.data && pages.data.length > 1 ? (
        <ChecksField
          control={control}
          name="pages"
          legend={
            <>
              {s.keyPages} <span className="font-normal text-muted-foreground">({s.keyAllPages})</span>
            </>
          }
          options={pages.data.map((p) => p.username)}
          label={(username) => username}
        />
      ) : null}
    </ToolCard>
  );
}
