"use client";

import { useState } from "react";
import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { apiStrings } from "@/lib/strings/api";

/** A secret shown once (an API key, a webhook's secret), with a copy button. */
export function CopyOnce({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid gap-2 rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm dark:bg-amber-950/30" role="status">
      <p>{label}</p>
      <div className="flex gap-2">
        <Input readOnly value={value} aria-label={label} data-testid={testId} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <Button
          type="button"
          variant="outline"
          onClick={async () => {
            await navigator.clipboard?.writeText(value).catch(() => {});
            setCopied(true);
          }}
        >
          <Copy aria-hidden="true" />
          {copied ? apiStrings.keyCopied : apiStrings.keyCopy}
        </Button>
      </div>
    </div>
  );
}
