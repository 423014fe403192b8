"use client";

import type { ReactNode } from "react";
import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";

export interface DomainRow {
  key: string;
  domain: string;
  detail: ReactNode;
}

/** The admin's list of domains (blocked ones, creators' own): the name, a line about it, and its remove button. */
export function DomainRows({
  rows,
  testId,
  removeText,
  removeLabel,
  disabled,
  onRemove,
  onRemoveIntent,
}: {
  rows: DomainRow[];
  testId: string;
  removeText: string;
  removeLabel: (domain: string) => string;
  disabled: boolean;
  onRemove: (key: string) => void;
  /** The pointer or the focus on a remove button (a confirmation's preload). */
  onRemoveIntent?: () => void;
}) {
  return (
    <ul className="divide-y rounded-xl border bg-card shadow-sm" data-testid={testId}>
      {rows.map((row) => (
        <li key={row.key} className="flex flex-wrap items-center gap-3 px-3 py-2">
          <div className="min-w-0 flex-1">
            <p className="truncate font-mono text-sm">{row.domain}</p>
            <p className="text-xs text-muted-foreground">{row.detail}</p>
          </div>
          <Button
            size="sm"
            variant="outline"
            disabled={disabled}
            aria-label={removeLabel(row.domain)}
            onPointerEnter={onRemoveIntent}
            onFocus={onRemoveIntent}
            onClick={() => onRemove(row.key)}
          >
            <Trash2 aria-hidden="true" />
            {removeText}
          </Button>
        </li>
      ))}
    </ul>
  );
}
