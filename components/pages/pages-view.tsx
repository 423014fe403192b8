"use client";

import { ExternalLink, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { FormField, PrefixedInput, fieldAria } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { buttonVariants } from "@/components/ui/styles";
import { toast } from "@/components/ui/use-toast";
import { normalizeUsernameInput } from "@/lib/accounts/username";
import { api, ApiError } from "@/lib/client/api";
import { withPage } from "@/lib/client/page-scope";
import { can, type PageRole } from "@/lib/permissions/page-permissions";
import { commonStrings } from "@/lib/strings/common";
import { linktreeStrings } from "@/lib/strings/linktree";
import { pagesStrings } from "@/lib/strings/pages";
import { roleLabel } from "./role-label";

const t = pagesStrings;

interface PageRow {
  id: string;
  username: string;
  name: string;
  avatarUrl: string | null;
  role: PageRole;
  active: boolean;
}

function CreatePageForm() {
  const id = useId();
  const [username, setUsername] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<{ username?: string; name?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const page = await api<PageRow>("/api/pages", { body: { username, name } });
      toast({ title: t.created });
      window.location.assign(withPage("/dashboard", page.username));
    } catch (e) {
      if (e instanceof ApiError)
        setErrors({ username: e.errors.username, name: e.errors.name, form: e.errors.username || e.errors.name ? undefined : e.message });
      else setErrors({ form: String(e) });
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.createTitle}</CardTitle>
        <CardDescription>{t.createDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2 sm:items-start" noValidate>
          <FormField id={`${id}-username`} label={t.usernameLabel} error={errors.username}>
            <PrefixedInput
              prefix="/"
              {...fieldAria(`${id}-username`, errors.username)}
              value={username}
              onChange={(e) => setUsername(normalizeUsernameInput(e.target.value))}
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              required
            />
          </FormField>
          <FormField id={`${id}-name`} label={t.nameLabel} error={errors.name}>
            <Input {...fieldAria(`${id}-name`, errors.name)} value={name} onChange={(e) => setName(e.target.value)} maxLength={30} required />
          </FormField>
          {errors.form ? (
            <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
              {errors.form}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              <Plus aria-hidden="true" />
              {busy ? t.creating : t.create}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function DeletePageDialog({ page, onClose }: { page: PageRow; onClose: () => void }) {
  const id = useId();
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await api(`/api/pages/${encodeURIComponent(page.id)}`, { method: "DELETE", body: { confirm } });
      toast({ title: t.deleted });
      window.location.assign("/pages");
    } catch (e) {
      setError(e instanceof ApiError ? (e.errors.confirm ?? e.message) : String(e));
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t.deleteTitle}</DialogTitle>
            <DialogDescription>{t.deleteDescription}</DialogDescription>
          </DialogHeader>
          <FormField id={`${id}-confirm`} label={`${t.deleteConfirmLabel}: ${page.username}`} error={error}>
            <Input
              {...fieldAria(`${id}-confirm`, error)}
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {commonStrings.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={busy || confirm !== page.username}>
              {t.delete}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The list of pages with a way into each, 'Criar página', and deletion for owners (never the last page). */
export function PagesView({ pages, canCreate }: { pages: PageRow[]; canCreate: boolean }) {
  const [deleting, setDeleting] = useState<PageRow | null>(null);
  return (
    <div className="grid gap-6">
      {pages.length === 0 ? (
        <p className="rounded-lg border bg-card p-4 text-muted-foreground">{t.noPages}</p>
      ) : (
        <ul className="grid gap-3" aria-label={t.title}>
          {pages.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4">
              <div className="min-w-0">
                <p className="truncate font-semibold">{p.name}</p>
                <p className="truncate text-sm text-muted-foreground">
                  @{p.username} · {roleLabel(p.role)}
                  {p.active ? "" : ` · ${t.deactivated}`}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <a href={withPage("/dashboard", p.username)} className={buttonVariants({ size: "sm" })} aria-label={`${t.manage} @${p.username}`}>
                  {t.manage}
                </a>
                <a
                  href={`/${p.username}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonVariants({ size: "sm", variant: "outline" })}
                  aria-label={`${t.open} @${p.username}`}
                >
                  <ExternalLink aria-hidden="true" />
                  {t.open}
                </a>
                {can(p.role, "links.write") ? (
                  <a
                    href={`${withPage("/dashboard/add", p.username)}&de=linktree`}
                    className={buttonVariants({ size: "sm", variant: "outline" })}
                    aria-label={linktreeStrings.forPage(p.username)}
                  >
                    {linktreeStrings.open}
                  </a>
                ) : null}
                {can(p.role, "page.delete") && pages.length > 1 ? (
                  <Button type="button" size="sm" variant="ghost" onClick={() => setDeleting(p)} aria-label={`${t.delete} @${p.username}`}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {canCreate ? <CreatePageForm /> : <p className="text-sm text-muted-foreground">{t.limitReached}</p>}
      {deleting ? <DeletePageDialog page={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
