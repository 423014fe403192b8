"use client";

import { useId, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { useOwnerRouter } from "@/components/pages/owner-link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-client";
import { linktreeStrings } from "@/lib/strings/linktree";

const t = linktreeStrings;

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
 * server fetches and stores; this screen never asks Linktree itself.
 */
export function LinktreeImport() {
  const id = useId();
  const [url, setUrl] = useState("");
  const [preview, setPreview] = useState<LinktreeAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<"preview" | "import" | null>(null);
  const qc = useQueryClient();
  const router = useOwnerRouter();

  const send = (dryRun: boolean) => api<LinktreeAnswer>("/api/import/linktree", { body: { url, dryRun } });
  const failure = (error: unknown) => (error instanceof ApiError && error.status < 500 ? error.message : t.failed);

  async function look(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy("preview");
    setProblem(null);
    setPreview(null);
    try {
      setPreview(await send(true));
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(null);
    }
  }

  async function bring() {
    if (busy) return;
    setBusy("import");
    setProblem(null);
    try {
      const done = await send(false);
      await qc.invalidateQueries({ queryKey: queryKeys.links });
      toast({ title: t.done(done.added) });
      router.push("/dashboard");
    } catch (error) {
      setProblem(failure(error));
      setBusy(null);
    }
  }

  const fills = preview ? [preview.takes.name && t.takesName, preview.takes.bio && t.takesBio, preview.takes.avatar && t.takesPhoto].filter(Boolean) : [];

  return (
    <div className="grid gap-4">
      <form onSubmit={(e) => void look(e)} className="grid gap-2" noValidate>
        <Label htmlFor={`${id}-url`}>{t.fieldLabel}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-url`}
            name="url"
            inputMode="url"
            autoComplete="url"
            placeholder={t.fieldPlaceholder}
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              setPreview(null);
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            disabled={busy !== null}
          />
          <Button type="submit" variant="outline" className="shrink-0" disabled={busy !== null || !url.trim()}>
            {busy === "preview" ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {busy === "preview" ? t.previewing : t.preview}
          </Button>
        </div>
      </form>
      <div aria-live="polite" className="grid gap-4 text-sm">
        {problem ? (
          <p id={`${id}-problem`} className="font-medium text-destructive">
            {problem}
          </p>
        ) : null}
        {preview ? (
          <section aria-labelledby={`${id}-preview`} className="grid gap-4 rounded-xl border p-4">
            <h2 id={`${id}-preview`} className="text-base font-semibold">
              {t.profileTitle}
            </h2>
            <div className="flex items-start gap-3">
              {preview.profile.avatarUrl?.startsWith("https://") ? (
                <img src={preview.profile.avatarUrl} alt={t.photoAlt(preview.profile.name)} width={48} height={48} className="size-12 shrink-0 rounded-full object-cover" referrerPolicy="no-referrer" />
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
                      <span className="font-medium break-words">{link.title}</span>
                      <span className="block truncate text-xs text-muted-foreground">{link.url}</span>
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
                      <li key={`${i}-${link.url}`} className="min-w-0 break-words">
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
              <Button type="button" onClick={() => void bring()} disabled={busy !== null || (!preview.links.length && !fills.length)}>
                {busy === "import" ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {busy === "import" ? t.importing : t.importButton}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setPreview(null)} disabled={busy !== null}>
                {t.cancel}
              </Button>
            </div>
          </section>
        ) : null}
      </div>
    </div>
  );
}
