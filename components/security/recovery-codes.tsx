"use client";

import { Copy, Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { securityStrings } from "@/lib/strings/security";
import { copyText, downloadText } from "./copy-text";

const strings = { security: securityStrings };

const s = strings.security;

/** The ten recovery codes, shown once: copy, download, then done. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const asText = codes.join("\n");
  return (
    <div className="grid gap-4" data-testid="recovery-codes">
      <div>
        <h3 className="font-semibold">{s.recoveryTitle}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{s.recoveryHint}</p>
      </div>
      <ol className="grid grid-cols-2 gap-2 rounded-md border bg-muted/50 p-4 font-mono text-sm sm:grid-cols-5 sm:gap-3">
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copyText(asText, s.codesCopied)}>
          <Copy aria-hidden="true" />
          {s.copyCodes}
        </Button>
        <Button type="button" variant="outline" onClick={() => downloadText(`${s.recoveryFileHeader}\n\n${asText}\n`, "vitrine-codigos-de-recuperacao.txt")}>
          <Download aria-hidden="true" />
          {s.downloadCodes}
        </Button>
        <Button type="button" onClick={onDone}>
          {s.codesSaved}
        </Button>
      </div>
    </div>
  );
}
