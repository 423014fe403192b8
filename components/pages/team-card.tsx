"use client";

import { useCallback, useEffect, useId, useState } from "react";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { inputClassName } from "@/components/ui/styles";
import { toast } from "@/components/ui/use-toast";
import { api, ApiError } from "@/lib/client/api";
import { PAGE_ROLE_VALUES, type PageRoleValue } from "@/lib/pages/page-roles";
import { can } from "@/lib/permissions/page-permissions";
import { pagesStrings } from "@/lib/strings/pages";
import { roleLabel } from "./role-label";

const t = pagesStrings;
const dateOf = (iso: string) => new Date(iso).toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" });

interface Member {
  userId: string;
  name: string;
  email: string;
  role: PageRoleValue;
}
interface Invitation {
  id: string;
  email: string;
  role: PageRoleValue;
  expiresAt: string;
}

function RoleSelect({
  id,
  value,
  onChange,
  label,
  disabled,
}: {
  id: string;
  value: PageRoleValue;
  onChange: (role: PageRoleValue) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      className={`${inputClassName} w-auto`}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as PageRoleValue)}
    >
      {PAGE_ROLE_VALUES.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </select>
  );
}

function MemberRow(props: {
  member: Member;
  self: boolean;
  lastOwner: boolean;
  busy: boolean;
  selectId: string;
  onRole: (role: PageRoleValue) => void;
  onRemove: () => void;
}) {
  const { member: m, self, lastOwner, busy } = props;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
      <div className="min-w-0">
        <p className="truncate font-medium">
          {m.name}
          {self ? ` (${t.you})` : ""}
        </p>
        <p className="truncate text-sm text-muted-foreground">{m.email}</p>
      </div>
      <div className="flex items-center gap-2">
        <RoleSelect id={props.selectId} label={`${t.inviteRole}: ${m.name}`} value={m.role} disabled={busy || lastOwner} onChange={props.onRole} />
        {lastOwner ? null : (
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={props.onRemove}>
            {self ? t.leave : t.remove}
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * 'Equipe' (owners only): the page's members and their roles, pending
 * invitations, and an invitation by e-mail. Each change is one call; the
 * list is read again after it.
 */
export function TeamCard({ pageId, username, selfId }: { pageId: string; username: string; selfId: string }) {
  const id = useId();
  const [team, setTeam] = useState<{ members: Member[]; invitations: Invitation[] } | null>(null);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<PageRoleValue>("editor");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const base = `/api/pages/${encodeURIComponent(pageId)}`;

  const load = useCallback(async () => {
    try {
      setTeam(await api<{ members: Member[]; invitations: Invitation[] }>(`${base}/members`));
    } catch (e) {
      toast({ variant: "destructive", title: e instanceof ApiError ? e.message : t.noPermission });
    }
  }, [base]);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- load() sets the team when its request answers, never synchronously
  useEffect(() => void load(), [load]);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast({ title: done });
      await load();
      return true;
    } catch (e) {
      const message = e instanceof ApiError ? e.message : String(e);
      toast({ variant: "destructive", title: message });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const invite = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      await api(`${base}/members`, { body: { email, role } });
      toast({ title: t.invited });
      setEmail("");
      await load();
    } catch (e) {
      setError(e instanceof ApiError ? (e.errors.email ?? e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.team}</CardTitle>
        <CardDescription>{t.teamDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ul className="grid gap-3" aria-label={t.team}>
          {team?.members.map((m) => (
            <MemberRow
              key={m.userId}
              member={m}
              self={m.userId === selfId}
              // The page's only member who may manage the team (its owner) keeps the role: no way to demote or remove them here (the API refuses it too).
              lastOwner={can(m.role, "members.manage") && team.members.filter((x) => can(x.role, "members.manage")).length === 1}
              busy={busy}
              selectId={`${id}-role-${m.userId}`}
              onRole={(next) =>
                void run(() => api(`${base}/members/${encodeURIComponent(m.userId)}`, { method: "PATCH", body: { role: next } }), t.roleChanged)
              }
              onRemove={() => {
                const leaving = m.userId === selfId;
                void run(() => api(`${base}/members/${encodeURIComponent(m.userId)}`, { method: "DELETE" }), leaving ? t.left : t.removed).then((ok) => {
                  if (ok && leaving) window.location.assign("/dashboard");
                });
              }}
            />
          ))}
        </ul>

        {team && team.invitations.length > 0 ? (
          <section aria-labelledby={`${id}-pending`} className="grid gap-2">
            <h2 id={`${id}-pending`} className="text-sm font-semibold">
              {t.pendingInvitations}
            </h2>
            <ul className="grid gap-2">
              {team.invitations.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed p-3">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">{i.email}</p>
                    <p className="text-xs text-muted-foreground">
                      {roleLabel(i.role)} · {t.expiresOn(dateOf(i.expiresAt))}
                    </p>
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={busy}
                    aria-label={`${t.cancelInvitation}: ${i.email}`}
                    onClick={() => void run(() => api(`${base}/invitations/${encodeURIComponent(i.id)}`, { method: "DELETE" }), t.invitationCancelled)}
                  >
                    {t.cancelInvitation}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <form onSubmit={invite} className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end" aria-label={`${t.invite} @${username}`}>
          <FormField id={`${id}-email`} label={t.inviteEmail} error={error}>
            <Input
              {...fieldAria(`${id}-email`, error)}
              type="email"
              autoComplete="off"
              placeholder={t.inviteEmailPlaceholder}
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormField>
          <div className="grid gap-2">
            <label htmlFor={`${id}-new-role`} className="text-sm font-medium">
              {t.inviteRole}
            </label>
            <RoleSelect id={`${id}-new-role`} label={t.inviteRole} value={role} onChange={setRole} />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? t.inviting : t.invite}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
