"use client";

import { useState } from "react";
import { Download, Upload } from "lucide-react";
import { useOwnerPath } from "@/components/pages/owner-link";
import { Button } from "@/components/ui/button";
import { lazyComponent } from "@/components/ui/lazy-component";
import { richLinksStrings as r } from "@/lib/strings/rich-links";

// The import's dialog (Radix, the file's dry run) is not in the dashboard's
// first script: it is loaded when the pointer comes over 'Importar' or it gets
// focus, or at the press at the latest.
const loadImportDialog = () => import("./import-dialog");
const ImportDialog = lazyComponent(() => loadImportDialog().then((m) => m.ImportDialog));

/** Export as JSON or CSV (plain downloads), and import. */
export function TransferMenu() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const preload = () => void loadImportDialog();
  // The page the screen names (?page=): its links are the ones exported.
  const ownerPath = useOwnerPath();
  return (
    <>
      <Button asChild size="sm" variant="outline">
        <a href={ownerPath("/api/links/export?format=json")} download>
          <Download aria-hidden="true" />
          {r.exportJson}
        </a>
      </Button>
      <Button asChild size="sm" variant="outline">
        <a href={ownerPath("/api/links/export?format=csv")} download>
          <Download aria-hidden="true" />
          {r.exportCsv}
        </a>
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Upload aria-hidden="true" />
        {r.import}
      </Button>
      {wanted ? <ImportDialog open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
