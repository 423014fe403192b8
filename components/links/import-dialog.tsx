"use client";

import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-client";
import type { ImportError } from "@/lib/links/link-import";
import { richLinksStrings } from "@/lib/strings/rich-links";
import { commonStrings } from "@/lib/strings/common";
import { linksStrings } from "@/lib/strings/links";

const strings = { richLinks: richLinksStrings, common: commonStrings, links: linksStrings };

const r = strings.richLinks;

interface ImportAnswer {
  created: number;
  valid: number;
  errors: ImportError[];
}

/** The import: pick a file, see each row's error (a dry run), confirm. Loaded by ./transfer-menu.tsx when it is about to be opened. */
export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const qc = useQueryClient();

  const send = (chosen: File, dryRun: boolean) => {
    const form = new FormData();
    form.append("file", chosen);
    form.append("dryRun", String(dryRun));
    return api<ImportAnswer>("/api/links/import", { body: form });
  };

  async function pick(chosen: File | null) {
    setFile(chosen);
    setPreview(null);
    setProblem(null);
    if (!chosen) return;
    setBusy(true);
    try {
      setPreview(await send(chosen, true));
    } catch (error) {
      setProblem(error instanceof ApiError && error.status < 500 ? error.message : r.importFailed);
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!file) return;
    setBusy(true);
    try {
      const done = await send(file, false);
      await qc.invalidateQueries({ queryKey: queryKeys.links });
      toast({ title: r.imported(done.created) });
      reset(false);
    } catch (error) {
      setProblem(error instanceof ApiError && error.status < 500 ? error.message : r.importFailed);
    } finally {
      setBusy(false);
    }
  }

  function reset(next: boolean) {
    onOpenChange(next);
    setFile(null);
    setPreview(null);
    setProblem(null);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && reset(next)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{r.importTitle}</DialogTitle>
          <DialogDescription>{r.importText}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="import-file">{r.importFile}</Label>
          <Input
            id="import-file"
            type="file"
            accept=".csv,.json,text/csv,application/json"
            disabled={busy}
            onChange={(e) => void pick(e.target.files?.[0] ?? null)}
          />
        </div>
        <div aria-live="polite" className="grid gap-3 text-sm">
          {busy && !preview ? <Loader2 className="size-5 animate-spin" aria-label={strings.common.loading} /> : null}
          {problem ? (
            <p className="font-medium text-destructive" data-testid="import-problem">
              {problem}
            </p>
          ) : null}
          {preview ? (
            <>
              <p className="font-medium" data-testid="import-summary">
                {r.importPreview(preview.valid, preview.errors.length)}
              </p>
              {preview.errors.length ? (
                <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border p-3" data-testid="import-errors">
                  {preview.errors.map((e) => (
                    <li key={e.row}>
                      <span className="font-semibold">{r.importRow(e.row)}:</span> <span className="text-destructive">{e.message}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : null}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={busy} onClick={() => reset(false)}>
            {strings.links.cancel}
          </Button>
          <Button type="button" disabled={busy || !preview?.valid} onClick={() => void confirm()}>
            {busy && preview ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {busy && preview ? r.importing : r.importConfirm(preview?.valid ?? 0)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
