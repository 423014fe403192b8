"use client";

import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useConfirmedRemoval } from "@/components/ui/use-confirmed-removal";
import { ApiError, api } from "@/lib/client/api";
import { API_SCOPES, type ApiScope } from "@/lib/permissions/api-scopes";
import type { ApiKeyDto } from "@/lib/api-keys/api-key-queries";
import { apiStrings } from "@/lib/strings/api";
import { CopyOnce } from "./copy-once";

const s = apiStrings;
const KEYS = ["user", "api-keys"] as const;
const when = (iso: string) => new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));

/** 'Chaves de API' (the account's settings): create with name, scopes and optional pages; the key shown once; list; delete. */
export function ApiKeysCard() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: KEYS, queryFn: () => api<ApiKeyDto[]>("/api/keys") });
  const pages = useQuery({ queryKey: ["pages"], queryFn: () => api<{ id: string; username: string }[]>("/api/pages") });
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [only, setOnly] = useState<string[]>([]);
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const removal = useConfirmedRemoval(
    async (k: ApiKeyDto) => {
      await api(`/api/keys/${encodeURIComponent(k.id)}`, { method: "DELETE" });
      await queryClient.invalidateQueries({ queryKey: KEYS });
    },
    { title: (k) => s.keyDeleteTitle(k.name), description: () => s.keyDeleteText, confirm: s.keyDelete, done: (k) => s.keyDeleted(k.name), failed: s.keyDeleteFailed },
  );

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const made = await api<{ key: string }>("/api/keys", { body: { name, scopes, ...(only.length ? { pages: only } : {}) } });
      setCreated(made.key);
      setName("");
      setScopes([]);
      setOnly([]);
      await queryClient.invalidateQueries({ queryKey: KEYS });
    } catch (e) {
      setError(e instanceof ApiError ? (Object.values(e.errors)[0] ?? e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{s.keysTitle}</h2>
        </CardTitle>
        <CardDescription>
          {s.keysIntro} <a className="underline" href="/docs/api">/docs/api</a>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {created ? <CopyOnce label={s.keyCreated} value={created} testId="new-api-key" /> : null}
        <form className="grid gap-3" onSubmit={create} aria-label={s.keyCreate}>
          <div className="grid gap-1">
            <Label htmlFor="api-key-name">{s.keyName}</Label>
            <Input id="api-key-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required />
          </div>
          <CheckboxGroup legend={s.keyScopes} options={API_SCOPES} selected={scopes} onChange={setScopes} columns />
          {pages.data && pages.data.length > 1 ? (
            <CheckboxGroup
              legend={
                <>
                  {s.keyPages} <span className="font-normal text-muted-foreground">({s.keyAllPages})</span>
                </>
              }
              options={pages.data.map((p) => p.username)}
              selected={only}
              onChange={setOnly}
              label={(username) => username}
            />
          ) : null}
          {error ? (
            <p className="text-sm text-destructive" role="alert">
              {error}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={busy}>
              <Plus aria-hidden="true" />
              {s.keyCreate}
            </Button>
          </div>
        </form>
        {keys.data && keys.data.length === 0 ? <p className="text-sm text-muted-foreground">{s.keysEmpty}</p> : null}
        {keys.data && keys.data.length > 0 ? (
          <ul className="divide-y rounded-md border" aria-label={s.keysTitle}>
            {keys.data.map((k) => (
              <li key={k.id} className="grid gap-2 p-3 sm:flex sm:items-center" data-testid="api-key-row">
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium break-words">
                    {k.name} <code className="text-xs text-muted-foreground">{k.prefix}…</code>
                  </p>
                  <p className="text-xs break-words text-muted-foreground">
                    {k.scopes.join(", ")} · {k.pages ? k.pages.join(", ") : s.keyAllPages} · {s.keyLastUsed}: {k.lastUsedAt ? when(k.lastUsedAt) : s.keyNeverUsed}
                  </p>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="justify-self-start"
                  aria-label={s.keyDeleteLabel(k.name)}
                  onPointerEnter={removal.preload}
                  onFocus={removal.preload}
                  onClick={() => removal.ask(k)}
                >
                  <Trash2 aria-hidden="true" />
                  {s.keyDelete}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {removal.dialog}
      </CardContent>
    </Card>
  );
}
