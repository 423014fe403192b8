"use client";

import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut, Monitor } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "@/lib/client/api";
import { sessionMethodLabel } from "@/lib/sessions/session-method";
import type { SessionDto } from "@/lib/sessions/session-queries";
import { securityStrings } from "@/lib/strings/security";

const strings = { security: securityStrings };

const s = strings.security;
const SESSIONS_KEY = ["user", "sessions"] as const;
const when = (iso: string) => new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));

/** 'Onde você está conectado': each signed-in browser, 'Encerrar' each, or every other at once. */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({ queryKey: SESSIONS_KEY, queryFn: () => api<SessionDto[]>("/api/user/sessions") });
  const [busy, setBusy] = useState<string | null>(null);
  const others = (data ?? []).filter((row) => !row.current);

  const run = async (key: string, call: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await call();
      toast({ title: done });
    } catch (error) {
      toast({ variant: "destructive", title: s.errorTitle, description: error instanceof ApiError ? error.message : s.sessionsFailed });
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{s.sessionsTitle}</h2>
        </CardTitle>
        <CardDescription>{s.sessionsHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? <Spinner /> : null}
        {isError ? <p className="text-sm text-destructive">{s.sessionsFailed}</p> : null}
        {data ? (
          <ul className="divide-y rounded-md border" aria-label={s.sessionsTitle}>
            {data.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="session-row">
                <Monitor className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {row.device}
                    {row.current ? <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">{s.current}</span> : null}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {s.signedInAt(when(row.createdAt))} · {s.lastSeen(when(row.lastSeenAt))}
                  </p>
                  {sessionMethodLabel(row.method) ? (
                    <p className="text-xs text-muted-foreground" data-testid="session-method">
                      {s.signedInWith(sessionMethodLabel(row.method)!)}
                    </p>
                  ) : null}
                </div>
                {row.current ? null : (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={s.endSessionLabel(row.device)}
                    disabled={busy !== null}
                    onClick={() => void run(row.id, () => api(`/api/user/sessions/${encodeURIComponent(row.id)}`, { method: "DELETE" }), s.sessionEnded)}
                  >
                    {busy === row.id ? <Spinner size="sm" /> : null}
                    {s.endSession}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {data && others.length === 0 ? <p className="text-sm text-muted-foreground">{s.noOthers}</p> : null}
        <div>
          <Button
            type="button"
            variant="outline"
            disabled={busy !== null || others.length === 0}
            onClick={() => void run("others", () => api("/api/user/sessions/revoke-others", { body: {} }), s.othersEnded)}
          >
            {busy === "others" ? <Spinner size="sm" /> : <LogOut aria-hidden="true" />}
            {s.endOthers}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
