"use client";

import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Pencil, Plus, Trash2 } from "lucide-react";
import { passkeyFailureText } from "@/components/auth/passkey-failure";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "@/lib/client/api";
import { preloadPasskeys } from "@/lib/passkeys/passkey-client";
import { passkeyRegister } from "@/lib/passkeys/passkey-register-client";
import type { PasskeyDto } from "@/lib/passkeys/passkey-queries";
import { describeDevice } from "@/lib/sessions/device";
import { securityStrings } from "@/lib/strings/security";
import { PasskeyDialog } from "./passkey-dialogs";

const strings = { security: securityStrings };

const s = strings.security;
const PASSKEYS_KEY = ["user", "passkeys"] as const;
const SESSIONS_KEY = ["user", "sessions"] as const;
const when = (iso: string) => new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));

type Open = { kind: "add" } | { kind: "rename"; passkey: PasskeyDto } | { kind: "remove"; passkey: PasskeyDto } | null;

/** 'Passkeys': the account's passkeys (name, created, last used); add, rename, remove. */
export function PasskeysCard({ hasPassword }: { hasPassword: boolean }) {
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => api<PasskeyDto[]>("/api/passkeys") });
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });

  const add = async (name: string) => {
    try {
      await passkeyRegister(name);
    } catch (error) {
      // The server's refusals keep their message and fields; the device's own get theirs.
      throw error instanceof ApiError ? error : new ApiError(0, passkeyFailureText(error, s.passkeyAlreadyAdded));
    }
    close();
    toast({ title: s.passkeyAdded });
    await refresh();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{s.passkeysTitle}</h2>
        </CardTitle>
        <CardDescription>{s.passkeysHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? <Spinner /> : null}
        {isError ? <p className="text-sm text-destructive">{s.passkeysFailed}</p> : null}
        {data && data.length === 0 ? <p className="text-sm text-muted-foreground">{s.passkeysNone}</p> : null}
        {data && data.length > 0 ? (
          <ul className="divide-y rounded-md border" aria-label={s.passkeysTitle}>
            {data.map((row) => (
              <li key={row.id} className="grid gap-3 p-3 sm:flex sm:items-center" data-testid="passkey-row">
                {/* On a phone the buttons go under the name, which keeps the whole width. */}
                <div className="flex min-w-0 flex-1 items-start gap-3">
                  <KeyRound className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="font-medium break-words">{row.name}</p>
                    <p className="text-xs text-muted-foreground">
                      {s.passkeyCreatedAt(when(row.createdAt))} · {row.lastUsedAt ? s.passkeyLastUsed(when(row.lastUsedAt)) : s.passkeyNeverUsed}
                    </p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2 sm:shrink-0">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={s.renamePasskeyLabel(row.name)}
                    onClick={() => setOpen({ kind: "rename", passkey: row })}
                  >
                    <Pencil aria-hidden="true" />
                    {s.renamePasskey}
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={s.removePasskeyLabel(row.name)}
                    onClick={() => setOpen({ kind: "remove", passkey: row })}
                  >
                    <Trash2 aria-hidden="true" />
                    {s.removePasskey}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        <div>
          <Button type="button" onPointerEnter={preloadPasskeys} onFocus={preloadPasskeys} onClick={() => setOpen({ kind: "add" })}>
            <Plus aria-hidden="true" />
            {s.addPasskey}
          </Button>
        </div>
      </CardContent>
      {open?.kind === "add" ? (
        <PasskeyDialog
          open
          onOpenChange={(next) => !next && close()}
          title={s.addPasskey}
          description={s.addPasskeyText}
          field="name"
          initialValue={describeDevice(typeof navigator === "undefined" ? null : navigator.userAgent)}
          confirmLabel={s.addPasskeyConfirm}
          busyLabel={s.addingPasskey}
          submit={add}
        />
      ) : null}
      {open?.kind === "rename" ? (
        <PasskeyDialog
          open
          onOpenChange={(next) => !next && close()}
          title={s.renamePasskeyTitle}
          field="name"
          initialValue={open.passkey.name}
          confirmLabel={s.save}
          busyLabel={s.saving}
          submit={async (name) => {
            await api(`/api/passkeys/${encodeURIComponent(open.passkey.id)}`, { method: "PATCH", body: { name } });
            close();
            toast({ title: s.passkeyRenamed });
            await refresh();
          }}
        />
      ) : null}
      {open?.kind === "remove" ? (
        <PasskeyDialog
          open
          onOpenChange={(next) => !next && close()}
          title={s.removePasskeyTitle}
          description={`${s.removePasskeyText(open.passkey.name)}${hasPassword ? ` ${s.removePasskeyPasswordText}` : ""}`}
          field={hasPassword ? "password" : null}
          confirmLabel={s.removePasskeyConfirm}
          busyLabel={s.removingPasskey}
          destructive
          submit={async (password) => {
            await api(`/api/passkeys/${encodeURIComponent(open.passkey.id)}`, { method: "DELETE", body: hasPassword ? { password } : {} });
            close();
            toast({ title: s.passkeyRemoved });
            await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: SESSIONS_KEY })]);
          }}
        />
      ) : null}
    </Card>
  );
}
