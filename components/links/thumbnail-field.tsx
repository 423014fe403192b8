"use client";

import { useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ImagePlus, Loader2, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "@/lib/client/api";
import { appendImage } from "@/lib/client/image-upload";
import { queryKeys } from "@/lib/client/query-client";
import { checkImageFile } from "@/lib/images/image-rules";
import { ImageFileInput } from "@/components/ui/image-file-input";
import type { LinkDto } from "@/lib/links/link-dto";
import { richLinksStrings } from "@/lib/strings/rich-links";

const strings = { richLinks: richLinksStrings };

const r = strings.richLinks;

/** A link's optional thumbnail: choosing a file uploads it at once; 'Remover' deletes it. */
export function ThumbnailField({ link }: { link: LinkDto }) {
  const [url, setUrl] = useState(link.thumbnailUrl);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const qc = useQueryClient();

  async function run(call: () => Promise<LinkDto>, done: string) {
    setBusy(true);
    try {
      const updated = await call();
      setUrl(updated.thumbnailUrl);
      qc.setQueryData(queryKeys.link(link.id), updated);
      await qc.invalidateQueries({ queryKey: queryKeys.links });
      toast({ title: done });
    } catch (error) {
      toast({ variant: "destructive", title: r.thumbnailFailed, description: error instanceof ApiError && error.status < 500 ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  }

  function upload(file: File) {
    const problem = checkImageFile(file);
    if (problem) return toast({ variant: "destructive", title: problem.title, description: problem.description });
    void run(async () => {
      const form = new FormData();
      await appendImage(form, "thumbnail", file);
      return api<LinkDto>(`/api/links/${link.id}/thumbnail`, { body: form });
    }, r.thumbnailSaved);
  }

  return (
    <div className="grid gap-3 rounded-xl border p-4">
      <p className="text-sm font-semibold">{r.thumbnailLabel}</p>
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex size-14 items-center justify-center overflow-hidden rounded-lg bg-muted">
          {busy ? (
            <Loader2 className="size-5 animate-spin" aria-hidden="true" />
          ) : url ? (
            <img src={url} alt="" width={56} height={56} className="size-14 object-cover" data-testid="thumbnail-preview" />
          ) : (
            <ImagePlus className="size-5 text-muted-foreground" aria-hidden="true" />
          )}
        </span>
        <ImageFileInput ref={input} aria-hidden="true" data-testid="thumbnail-input" onFile={upload} />
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()} aria-describedby="thumbnail-hint">
          <ImagePlus aria-hidden="true" />
          {r.thumbnailPick}
        </Button>
        {url ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={busy}
            onClick={() => void run(() => api<LinkDto>(`/api/links/${link.id}/thumbnail`, { method: "DELETE" }), r.thumbnailRemoved)}
          >
            <Trash2 aria-hidden="true" />
            {r.thumbnailRemove}
          </Button>
        ) : null}
      </div>
      <p id="thumbnail-hint" className="text-xs text-muted-foreground">
        {r.thumbnailHint}
      </p>
    </div>
  );
}
