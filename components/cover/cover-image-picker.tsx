"use client";

import { useRef, useState } from "react";
import { preloadConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { ImagePlus, Trash2, Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { checkImageFile } from "@/lib/images/image-rules";
import { ImageFileInput } from "@/components/ui/image-file-input";
import { coverStrings } from "@/lib/strings/cover";
import { cn } from "@/lib/utils";

const strings = { cover: coverStrings };

const t = strings.cover;

export type Aspect = "16:9" | "9:16";

/** The cover block: aspect choice, click or drop to pick, and the remove button. */
export function CoverImagePicker({
  aspect,
  onAspect,
  imageUrl,
  onFile,
  onRemove,
}: {
  aspect: Aspect;
  onAspect: (a: Aspect) => void;
  imageUrl: string | null;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function take(file: File | undefined) {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast({ variant: "destructive", title: problem.title, description: problem.description });
      return;
    }
    onFile(file);
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <div role="radiogroup" aria-label={t.aspectLabel} className="inline-flex w-fit rounded-lg border bg-muted p-1">
        {(["16:9", "9:16"] as const).map((a) => (
          <button
            key={a}
            type="button"
            role="radio"
            aria-checked={aspect === a}
            onClick={() => onAspect(a)}
            className={cn(
              "rounded-md px-4 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-ring",
              aspect === a ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {a === "16:9" ? `${t.landscape} 16:9` : `${t.portrait} 9:16`}
          </button>
        ))}
      </div>
      <button
        type="button"
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          take(e.dataTransfer.files[0]);
        }}
        className={cn(
          "relative mx-auto flex w-full items-center justify-center overflow-hidden rounded-xl border-2 border-dashed bg-muted/40 text-center transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          aspect === "16:9" ? "aspect-video" : "aspect-[9/16] max-w-60",
          dragging && "border-primary bg-primary/5",
        )}
        data-testid="cover-drop"
      >
        {imageUrl ? (
          <>
            <img src={imageUrl} alt="" className="absolute inset-0 size-full object-cover" />
            <span className="sr-only">{t.dropTitle}</span>
          </>
        ) : (
          <span className="flex flex-col items-center gap-2 px-4 text-sm text-muted-foreground">
            <ImagePlus className="size-8" aria-hidden="true" />
            <span className="font-medium text-foreground">{t.dropTitle}</span>
            <span>{t.dropHint}</span>
          </span>
        )}
      </button>
      <ImageFileInput ref={input} aria-hidden="true" data-testid="cover-input" onFile={take} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => input.current?.click()}>
          <Upload aria-hidden="true" />
          {t.select}
        </Button>
        <Button
          type="button"
          variant="outline"
          onPointerEnter={preloadConfirmDialog}
          onFocus={preloadConfirmDialog}
          onClick={onRemove}
          disabled={!imageUrl}
          className="text-destructive hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          {t.remove}
        </Button>
      </div>
    </div>
  );
}
