"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { useOwnerRouter } from "@/components/pages/owner-link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { schemaChecks, useCardActions, useCardForm } from "@/components/ui/use-card-form";
import { ApiError, api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-client";
import type { LinktreeImportInput } from "@/lib/import/linktree-schemas";
import { linktreeStrings } from "@/lib/strings/linktree";

const t = linktreeStrings;
const checks = schemaChecks(() => import("@/lib/import/linktree-schemas").then((m) => m.linktreeImportSchema));
const failure = (error: unknown) => (error instanceof ApiError && error.status < 500 ? error.message : t.failed);

/** POST /api/import/linktree's answer (lib/import/linktree-import.ts). */
interface LinktreeAnswer {
  profile: { name: string; bio: string; avatarUrl: string | null };
  links: Array<{ title: string; url: string }>;
  added: number;
  /** The first 100 left out; `skippedCount` counts them all. */
  skipped: Array<{ title: string; url: string; reason: string; message: string }>;
  skippedCount: number;
  takes: { name: boolean; bio: boolean; avatar: boolean };
}

/**
 * 'Trazer do Linktree': one field, a preview of what comes (a dry run: the
 * profile, each link, the ones left out and why), then 'Importar'. The
 * server fetches and stores; this screen never asks Linktree itself. Opening
 * the fold it sits in ('Trazer do Linktree') puts the focus in the field; the
 * preview, once shown, takes it; the toast says what came (links, photo, bio).
 */
export function LinktreeImport() {
  const id = useId();
  const [preview, setPreview] = useState<LinktreeAnswer | null>(null);
  /** What the preview shows was asked with: 'Importar' sends the same (typing closes the preview). */
  const asked = useRef<LinktreeImportInput | null>(null);
  const qc = useQueryClient();
  const router = useOwnerRouter();

  const send = (body: LinktreeImportInput) => api<LinktreeAnswer>("/api/import/linktree", { body });
  const { form, onSubmit, sending, message, refuse, preload } = useCardForm({
    checks,
    defaultValues: { url: "", dryRun: true },
    fields: ["url"],
    send: async (body) => {
      setPreview(null);
      asked.current = body;
      setPreview(await send(body));
    },
    keep: true,
    failure,
  });
  const actions = useCardActions<"import">();
  const busy = sending ? "preview" : actions.busy("import") ? "import" : null;
  const url = useWatch({ control: form.control, name: "url" });
  const root = useRef<HTMLDivElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const problem = useRef<HTMLParagraphElement>(null);
  const attempts = form.formState.submitCount;

  // The fold that holds this ('Trazer do Linktree'): opened, the focus goes to the field (opened at load by ?de=linktree too).
  useEffect(() => {
    const fold = root.current?.closest("details");
    if (!fold) return;
    const field = () => document.getElementById(`${id}-url`)?.focus();
    if (fold.open) field();
    const toggled = () => fold.open && field();
    fold.addEventListener("toggle", toggled);
    return () => fold.removeEventListener("toggle", toggled);
  }, [id]);
  // 'Ver o que vem': the hand goes to what appeared (the preview, or the refusal).
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);
  useEffect(() => {
    if (message) problem.current?.focus();
  }, [message, attempts]);

  const bring = () =>
    actions.run(
      "import",
      async () => {
        form.clearErrors();
        const done = await send({ ...asked.current!, dryRun: false });
        await qc.invalidateQueries({ queryKey: queryKeys.links });
        const came = [done.takes.avatar && t.camePhoto, done.takes.bio && t.cameBio, done.takes.name && t.cameName].filter((part): part is string =>
          Boolean(part),
        );
        toast({ title: t.done(done.added), description: t.doneWith(came) });
        router.push("/dashboard");
      },
      refuse,
      "stay busy",
    );

  const fills = preview ? [preview.takes.name && t.takesName, preview.takes.bio && t.takesBio, preview.takes.avatar && t.takesPhoto].filter(Boolean) : [];

  return (
    <div ref={root} className="grid gap-4">
      <form onSubmit={onSubmit} onFocus={preload} onPointerEnter={preload} className="grid gap-2" noValidate>
        <Label htmlFor={`${id}-url`}>{t.fieldLabel}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-url`}
            {...form.register("url", { onChange: () => setPreview(null) })}
            inputMode="url"
            autoComplete="url"
            placeholder={t.fieldPlaceholder}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-problem` : undefined}
            disabled={busy !== null}
          />
          <Button type="submit" variant="outline" className="min-h-11 shrink-0" disabled={busy !== null || !url.trim()}>
            {busy === "preview" ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {busy === "preview" ? t.previewing : t.preview}
          </Button>
        </div>
      </form>
      <div aria-live="polite" className="grid gap-4 text-sm">
        {message ? (
          <p ref={problem} tabIndex={-1} id={`${id}-problem`} className="font-medium text-destructive outline-none">
            {message}
          </p>
        ) : null}
        {preview ? (
          <section aria-labelledby={`${id}-preview`} className="-mx-1 grid min-w-0 gap-4 rounded-xl border p-3 sm:mx-0 sm:p-4" data-testid="linktree-preview">
            <h2 ref={previewHeading} tabIndex={-1} id={`${id}-preview`} className="text-base font-semibold outline-none">
              {t.profileTitle}
            </h2>
            <div className="flex items-start gap-3">
              {preview.profile.avatarUrl?.startsWith("https://") ? (
                <img
                  src={preview.profile.avatarUrl}
                  alt={t.photoAlt(preview.profile.name)}
                  width={48}
                  height={48}
                  className="size-12 shrink-0 rounded-full object-cover"
                  referrerPolicy="no-referrer"
                />
              ) : null}
              <div className="min-w-0">
                <p className="font-semibold break-words">{preview.profile.name}</p>
                {preview.profile.bio ? <p className="break-words text-muted-foreground">{preview.profile.bio}</p> : null}
                <p className="mt-1 text-xs text-muted-foreground">{fills.length ? fills.join(" ") : t.keepsProfile}</p>
              </div>
            </div>
            <div className="grid gap-2">
              <h3 className="font-semibold">{preview.links.length ? t.willCome(preview.links.length) : t.noneWillCome}</h3>
              {preview.links.length ? (
                <ol className="grid gap-1" data-testid="linktree-links">
                  {preview.links.map((link, i) => (
                    <li key={`${i}-${link.url}`} className="min-w-0 rounded-lg bg-muted/50 px-3 py-2">
                      <span className="line-clamp-2 font-medium break-words" title={link.title}>
                        {link.title}
                      </span>
                      <span className="block text-xs break-all text-muted-foreground">{link.url}</span>
                    </li>
                  ))}
                </ol>
              ) : null}
            </div>
            {preview.skippedCount ? (
              <div className="grid gap-2">
                <h3 className="font-semibold">{t.skippedTitle(preview.skippedCount)}</h3>
                {preview.skipped.length ? (
                  <ul className="grid gap-1" data-testid="linktree-skipped">
                    {preview.skipped.map((link, i) => (
                      <li key={`${i}-${link.url}`} className="min-w-0 [overflow-wrap:anywhere]">
                        <span className="font-medium">{link.title || link.url || "—"}</span>: <span className="text-muted-foreground">{link.message}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {preview.skippedCount > preview.skipped.length ? (
                  <p className="text-muted-foreground">{t.skippedMore(preview.skippedCount - preview.skipped.length)}</p>
                ) : null}
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="button" className="min-h-11" onClick={() => void bring()} disabled={busy !== null || (!preview.links.length && !fills.length)}>
                {busy === "import" ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {busy === "import" ? t.importing : t.importButton}
              </Button>
              <Button
                type="button"
                variant="ghost"
                className="min-h-11"
                onClick={() => {
                  setPreview(null);
                  document.getElementById(`${id}-url`)?.focus();
                }}
                disabled={busy !== null}
              >
                {t.cancel}
              </Button>
            </div>
          </section>
        ) : null}
      </div>
    </div>
  );
}
