"use client";

import { useEffect, useId, useRef } from "react";
import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiStrings } from "@/lib/strings/api";

/**
 * A secret shown once (an API key, a webhook's secret), beside the item it
 * belongs to and naming it: every character on screen (it wraps anywhere,
 * never scrolls out of sight), 'Copiar' saying with a toast that it copied.
 * It takes the focus when it appears, so that a keyboard or a screen reader is
 * where the new secret is.
 */
export function CopyOnce({ label, value, testId }: { label: string; value: string; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => box.current?.focus(), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast({ description: apiStrings.secretCopied });
    } catch {
      toast({ variant: "destructive", description: apiStrings.secretCopyFailed });
    }
  }
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="group"
      aria-labelledby={`${id}-label`}
      className="grid gap-2 rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring dark:bg-amber-950/30"
    >
      <p id={`${id}-label`} className="font-medium break-words">
        {label}
      </p>
      <p data-testid={testId} className="rounded bg-background px-2 py-1.5 font-mono text-sm break-all select-all">
        {value}
      </p>
      <div>
        <Button type="button" variant="outline" className="min-h-11" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {apiStrings.keyCopy}
        </Button>
      </div>
    </div>
  );
}
