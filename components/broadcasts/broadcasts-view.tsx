"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Bold, Eye, Italic, Link2, List, Mail, Pencil, Send, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { OwnerLink } from "@/components/pages/owner-link";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { refusalText, schemaChecks } from "@/components/ui/use-card-form";
import { toast } from "@/components/ui/use-toast";
import type { BroadcastDto } from "@/lib/broadcasts/broadcast-schemas";
import { api, ApiError } from "@/lib/client/api";
import { formatSaoPaulo } from "@/lib/links/link-schedule";
import { can, type PageRole } from "@/lib/permissions/page-permissions";
import { broadcastComposerStrings as t } from "@/lib/strings/broadcast-composer";
import { commonStrings } from "@/lib/strings/common";
import { cn } from "@/lib/utils";
import { applyMarkdown, type MarkdownAction } from "./markdown-toolbar";

// 'Escrever para a lista' (api.md, sixth release, "Write to your list"): the
// composer (subject and Markdown body, a toolbar, the message's preview at a
// phone's width, drawn by the server's own renderer), its actions (owners
// test, schedule and send; editors keep drafts), and the history with each
// broadcast's figures.

type Draft = { subject: string; body: string };
interface Preview {
  subject: string;
  html: string;
  recipients: number;
}

const BROADCASTS = ["broadcasts"] as const;
const checks = schemaChecks(() => import("@/lib/broadcasts/broadcast-schemas").then((m) => m.broadcastInputSchema.pick({ subject: true, body: true })));
const EDITABLE = new Set(["draft", "scheduled"]);
const TOOLS: { action: MarkdownAction; label: string; Icon: typeof Bold }[] = [
  { action: "bold", label: t.bold, Icon: Bold },
  { action: "italic", label: t.italic, Icon: Italic },
  { action: "link", label: t.link, Icon: Link2 },
  { action: "list", label: t.list, Icon: List },
];

export function BroadcastsView({ role }: { role: PageRole }) {
  const maySend = can(role, "broadcasts.send");
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<BroadcastDto | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [sendAt, setSendAt] = useState("");
  const [confirming, setConfirming] = useState<number | null>(null);
  const [removing, setRemoving] = useState<BroadcastDto | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const subjectRef = useRef<HTMLInputElement | null>(null);
  const sendButton = useRef<HTMLButtonElement | null>(null);
  const form = useForm<Draft, unknown, Draft>({
    resolver: checks.resolver,
    defaultValues: { subject: "", body: "" },
    shouldFocusError: true,
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;

  const history = useQuery({ queryKey: BROADCASTS, queryFn: () => api<BroadcastDto[]>("/api/broadcasts") });
  const refresh = () => queryClient.invalidateQueries({ queryKey: BROADCASTS });

  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/broadcasts/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: async (_, id) => {
      setRemoving(null);
      if (editing?.id === id) startNew();
      toast({ title: t.removed });
      await refresh();
    },
    onError: (error: Error) => toast({ variant: "destructive", title: commonStrings.error, description: error.message }),
  });

  /** The form's text kept as the draft (created the first time, changed after): its id. */
  const save = async (draft: Draft): Promise<string> => {
    const saved = editing
      ? await api<BroadcastDto>(`/api/broadcasts/${encodeURIComponent(editing.id)}`, { method: "PUT", body: draft })
      : await api<BroadcastDto>("/api/broadcasts", { method: "POST", body: draft });
    setEditing(saved);
    return saved.id;
  };

  /** One action at a time; a refusal goes on its field, else above the buttons. */
  const act = (name: string, action: (draft: Draft) => Promise<void>) =>
    form.handleSubmit(async (draft) => {
      if (busy) return;
      setBusy(name);
      form.clearErrors("root.server");
      try {
        await action(draft);
      } catch (error) {
        const fields = error instanceof ApiError ? error.errors : {};
        const named = (["subject", "body"] as const).filter((f) => fields[f]);
        for (const field of named) form.setError(field, { type: "server", message: fields[field] });
        if (!named.length) form.setError("root.server", { type: "server", message: refusalText(error, t.failed) });
        // A test, a schedule or a send refused after the text was kept as a draft: the history shows the draft.
        void refresh();
      } finally {
        setBusy(null);
      }
    });

  function startNew() {
    setEditing(null);
    setPreview(null);
    setSendAt("");
    form.reset({ subject: "", body: "" });
  }

  const finish = async (message: string) => {
    toast({ title: message });
    startNew();
    await refresh();
    subjectRef.current?.focus();
  };

  const saveDraft = async (draft: Draft) => {
    await save(draft);
    toast({ title: t.saved });
    await refresh();
  };
  const showPreview = async (draft: Draft) => {
    setPreview(await api<Preview>("/api/broadcasts/preview", { method: "POST", body: draft }));
  };
  const sendTest = async (draft: Draft) => {
    const id = await save(draft);
    await api(`/api/broadcasts/${encodeURIComponent(id)}/test`, { method: "POST" });
    toast({ title: t.testSent });
    await refresh();
  };
  const schedule = async (draft: Draft) => {
    const id = await save(draft);
    const sent = await api<BroadcastDto>(`/api/broadcasts/${encodeURIComponent(id)}/send`, { method: "POST", body: { sendAt } });
    await finish(t.scheduled(sent.sendAt ? formatSaoPaulo(sent.sendAt) : sendAt));
  };
  // 'Enviar agora' asks first, naming how many would get it (the preview's count, read now).
  const askSend = async (draft: Draft) => {
    const counted = await api<Preview>("/api/broadcasts/preview", { method: "POST", body: draft });
    setPreview(counted);
    setConfirming(counted.recipients);
  };
  // A refusal closes the question, so that its message (shown above the buttons) is read.
  const sendNow = async (draft: Draft) => {
    try {
      const id = await save(draft);
      await api(`/api/broadcasts/${encodeURIComponent(id)}/send`, { method: "POST", body: {} });
    } finally {
      setConfirming(null);
    }
    await finish(t.sending);
  };

  const edit = (b: BroadcastDto) => {
    setEditing(b);
    setPreview(null);
    setSendAt("");
    form.reset({ subject: b.subject, body: b.body });
    subjectRef.current?.focus();
  };

  const format = (action: MarkdownAction) => {
    const area = bodyRef.current;
    if (!area) return;
    const next = applyMarkdown(area.value, area.selectionStart, area.selectionEnd, action, t.linkText);
    form.setValue("body", next.value, { shouldDirty: true });
    area.focus();
    requestAnimationFrame(() => area.setSelectionRange(next.start, next.end));
  };

  const subject = form.register("subject");
  const body = form.register("body");
  const rootError = typeof errors.root?.server?.message === "string" ? errors.root.server.message : undefined;
  const items = history.data ?? [];

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-8 sm:px-6">
      <div>
        <OwnerLink href="/dashboard/subscribers" className="mb-2 inline-flex min-h-6 items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t.back}
        </OwnerLink>
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        <p className="mt-1 text-muted-foreground">{t.subtitle}</p>
      </div>
      {maySend ? null : <p className="rounded-xl border bg-muted/30 p-4 text-sm">{t.editorNote}</p>}

      <form
        className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-6"
        onSubmit={(e) => void act("save", saveDraft)(e)}
        noValidate
        aria-labelledby="composer-title"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="composer-title" className="text-xl font-semibold">
            {editing ? t.editTitle : t.newTitle}
          </h2>
          {editing ? (
            <Button type="button" variant="ghost" className="min-h-11" onClick={startNew}>
              {t.newMessage}
            </Button>
          ) : null}
        </div>
        <div className="grid gap-1">
          <Label htmlFor="broadcast-subject">{t.subject}</Label>
          <Input
            id="broadcast-subject"
            maxLength={120}
            autoComplete="off"
            {...subject}
            ref={(el) => {
              subject.ref(el);
              subjectRef.current = el;
            }}
            onFocus={() => checks.preload()}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? "broadcast-subject-error" : undefined}
          />
          {errors.subject?.message ? (
            <p id="broadcast-subject-error" className="text-sm text-destructive">
              {errors.subject.message}
            </p>
          ) : null}
        </div>
        <div className="grid gap-1">
          <Label htmlFor="broadcast-body">{t.body}</Label>
          <div role="toolbar" aria-label={t.toolbar} aria-controls="broadcast-body" className="flex flex-wrap gap-1">
            {TOOLS.map(({ action, label, Icon }) => (
              <Button
                key={action}
                type="button"
                variant="outline"
                size="icon"
                className="size-11"
                aria-label={label}
                title={label}
                onClick={() => format(action)}
              >
                <Icon aria-hidden="true" />
              </Button>
            ))}
          </div>
          <Textarea
            id="broadcast-body"
            rows={10}
            className="min-h-48 font-mono"
            {...body}
            ref={(el) => {
              body.ref(el);
              bodyRef.current = el;
            }}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? "broadcast-body-error broadcast-body-hint" : "broadcast-body-hint"}
          />
          <p id="broadcast-body-hint" className="text-sm text-muted-foreground">
            {t.bodyHint}
          </p>
          {errors.body?.message ? (
            <p id="broadcast-body-error" className="text-sm text-destructive">
              {errors.body.message}
            </p>
          ) : null}
        </div>
        {maySend ? (
          <div className="grid gap-1 sm:max-w-xs">
            <Label htmlFor="broadcast-send-at">{t.scheduleAt}</Label>
            <Input id="broadcast-send-at" type="datetime-local" value={sendAt} onChange={(e) => setSendAt(e.target.value)} />
          </div>
        ) : null}
        <p role="alert" className={cn("text-sm text-destructive", !rootError && "sr-only")}>
          {rootError ?? ""}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" className="min-h-11" disabled={busy !== null} aria-busy={busy === "save"}>
            {t.save}
          </Button>
          <Button
            type="button"
            variant="outline"
            className="min-h-11"
            disabled={busy !== null}
            aria-busy={busy === "preview"}
            onClick={(e) => void act("preview", showPreview)(e)}
          >
            <Eye aria-hidden="true" />
            {t.preview}
          </Button>
          {maySend ? (
            <>
              <Button
                type="button"
                variant="outline"
                className="min-h-11"
                disabled={busy !== null}
                aria-busy={busy === "test"}
                onClick={(e) => void act("test", sendTest)(e)}
              >
                <Mail aria-hidden="true" />
                {t.sendTest}
              </Button>
              <Button
                type="button"
                variant="outline"
                className="min-h-11"
                disabled={busy !== null || !sendAt}
                aria-busy={busy === "schedule"}
                onClick={(e) => void act("schedule", schedule)(e)}
              >
                {t.schedule}
              </Button>
              <Button
                ref={sendButton}
                type="button"
                className="min-h-11"
                disabled={busy !== null}
                aria-busy={busy === "count"}
                onClick={(e) => void act("count", askSend)(e)}
              >
                <Send aria-hidden="true" />
                {t.sendNow}
              </Button>
            </>
          ) : null}
        </div>
      </form>

      {preview ? (
        <section aria-labelledby="preview-title" className="grid gap-2">
          <h2 id="preview-title" className="text-xl font-semibold">
            {t.previewTitle}
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="broadcast-recipients">
            {t.recipients(preview.recipients)}
          </p>
          <p className="font-semibold">{preview.subject}</p>
          {/* The message as a recipient's mail app draws it, at a phone's width; no script runs in it. */}
          <iframe
            title={t.previewFrame(preview.subject)}
            sandbox=""
            srcDoc={preview.html}
            className="h-[32rem] w-full max-w-[375px] rounded-xl border bg-white"
            data-testid="broadcast-preview"
          />
        </section>
      ) : null}

      <section aria-labelledby="history-title" className="grid gap-3">
        <h2 id="history-title" className="text-xl font-semibold">
          {t.history}
        </h2>
        {history.isPending ? (
          <div className="grid gap-3" aria-busy="true" aria-label={commonStrings.loading}>
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-24 w-full" />
            ))}
          </div>
        ) : history.isError ? (
          <div role="alert" className="rounded-xl border p-6 text-center">
            <p>{t.loadFailed}</p>
            <Button className="mt-3 min-h-11" variant="outline" onClick={() => void history.refetch()}>
              {t.retry}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="rounded-xl border p-6 text-center text-muted-foreground">{t.historyEmpty}</p>
        ) : (
          <ul className="grid gap-3" data-testid="broadcasts">
            {items.map((b) => (
              <li key={b.id} className="rounded-xl border bg-card p-4 shadow-xs" data-testid="broadcast">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{b.subject}</p>
                    <p className="text-xs text-muted-foreground">
                      {b.status === "scheduled" && b.sendAt ? t.scheduledFor(formatSaoPaulo(b.sendAt)) : t.createdOn(formatSaoPaulo(b.createdAt))}
                    </p>
                  </div>
                  <span className="self-start rounded-full bg-muted px-2 py-0.5 text-xs font-medium" data-testid="broadcast-status">
                    {t.status[b.status] ?? b.status}
                  </span>
                </div>
                {b.status === "draft" ? null : (
                  <dl aria-label={t.figures} className="mt-3 grid grid-cols-3 gap-2 text-center sm:grid-cols-5">
                    {(["recipients", "sent", "failed", "unsubscribed", "clicks"] as const).map((f) => (
                      <div key={f} className="rounded-lg bg-muted/40 p-2">
                        <dt className="text-xs text-muted-foreground">{t.figure[f]}</dt>
                        <dd className="font-semibold tabular-nums">{b[f].toLocaleString("pt-BR")}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {EDITABLE.has(b.status) ? (
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button type="button" variant="outline" className="min-h-11" aria-label={t.editLabel(b.subject)} onClick={() => edit(b)}>
                      <Pencil aria-hidden="true" />
                      {t.edit}
                    </Button>
                    <Button type="button" variant="ghost" className="min-h-11" aria-label={t.removeLabel(b.subject)} onClick={() => setRemoving(b)}>
                      <Trash2 aria-hidden="true" />
                      {t.remove}
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={confirming !== null}
        title={t.sendTitle}
        description={confirming === null ? "" : t.sendText(confirming)}
        confirmLabel={t.sendConfirm}
        busy={busy === "send"}
        onConfirm={() => void act("send", sendNow)()}
        onOpenChange={(open) => !open && setConfirming(null)}
        returnFocus={() => sendButton.current}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t.removeTitle}
        description={removing ? t.removeText(removing.subject) : ""}
        confirmLabel={t.remove}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onOpenChange={(open) => !open && setRemoving(null)}
      />
    </div>
  );
}
