"use client";

import { useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileUp, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api, apiErrorOf } from "@/lib/client/api";
import { scopedApiPath } from "@/lib/client/page-scope";
import { sellingBlocksStrings } from "@/lib/strings/selling-blocks";

const t = sellingBlocksStrings;

// A product's private file (api.md, Selling with Pix): what was sent, and a
// button that sends a new one at once (it replaces the old). The file goes as
// the request's body, its name in ?name=; the server reads its type from its
// bytes and says why it refuses one.

const MAX_BYTES = 50 * 1024 * 1024;
const ACCEPT =
  ".pdf,.zip,.epub,.mp3,.mp4,.m4a,.jpg,.jpeg,.png,.webp,application/pdf,application/zip,application/epub+zip,audio/mpeg,audio/mp4,video/mp4,image/jpeg,image/png,image/webp";

interface ProductFile {
  fileName: string;
  contentType: string;
  size: number;
  uploadedAt: string;
}

/** 1536 → "1,5 KB" (how a file's size reads here). */
export function fileSize(bytes: number): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), "MB"] : bytes >= 1024 ? [bytes / 1024, "KB"] : [bytes, "B"];
  return `${new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 }).format(value)} ${unit}`;
}

async function sendFile(blockId: string, file: File): Promise<ProductFile> {
  const res = await fetch(scopedApiPath(`/api/products/${blockId}/file?name=${encodeURIComponent(file.name)}`), {
    method: "POST",
    credentials: "include",
    headers: { accept: "application/json", "content-type": "application/octet-stream" },
    body: file,
  });
  if (!res.ok) throw await apiErrorOf(res);
  return JSON.parse(await res.text()) as ProductFile;
}

export function ProductFileField({ blockId }: { blockId: string }) {
  const key = ["product-file", blockId];
  const qc = useQueryClient();
  const current = useQuery({
    queryKey: key,
    // None sent yet: a 404, shown as no file.
    queryFn: () =>
      api<ProductFile>(`/api/products/${blockId}/file`).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  });
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function upload(file: File) {
    if (file.size > MAX_BYTES) return toast({ variant: "destructive", title: t.fileFailed, description: t.fileTooLarge });
    setBusy(true);
    try {
      qc.setQueryData(key, await sendFile(blockId, file));
      toast({ title: t.fileSaved });
    } catch (error) {
      toast({ variant: "destructive", title: t.fileFailed, description: error instanceof ApiError && error.status < 500 ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  }

  const file = current.data;
  return (
    <section aria-labelledby="product-file-label" className="grid gap-3 rounded-xl border p-4">
      <h2 id="product-file-label" className="text-sm font-semibold">
        {t.fileLabel}
      </h2>
      <p className="text-sm" data-testid="product-file">
        {busy ? t.fileSending : file ? t.fileCurrent(file.fileName, fileSize(file.size)) : current.isPending ? "" : t.fileNone}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="product-file-input"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            e.target.value = "";
            if (chosen) void upload(chosen);
          }}
        />
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()} aria-describedby="product-file-hint">
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <FileUp aria-hidden="true" />}
          {file ? t.fileReplace : t.filePick}
        </Button>
      </div>
      <p id="product-file-hint" className="text-xs text-muted-foreground">
        {t.fileHint}
      </p>
    </section>
  );
}
