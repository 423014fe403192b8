"use client";

import { useRef, useState } from "react";
import { LazyConfirmDialog, preloadConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/client/api";
import { commonStrings } from "@/lib/strings/common";

const strings = { common: commonStrings };

export interface RemovalTexts<R> {
  title: (row: R) => string;
  description: (row: R) => string;
  confirm: string;
  done: (row: R) => string;
  /** When the server gives no message of its own. */
  failed: string;
}

/**
 * A removal asked first: `ask(row)` opens the confirmation (Radix's
 * AlertDialog, loaded on the button's hover or focus: `preload`), which stays
 * open and busy until `remove(row)` settles; then a toast, the server's
 * message on failure. Render `dialog` once, anywhere in the component. Once
 * it closes, focus is back on the button that opened it, or (that button gone
 * with its row) on what `afterRemoval` names.
 */
export function useConfirmedRemoval<R>(remove: (row: R) => Promise<unknown>, texts: RemovalTexts<R>, afterRemoval?: () => HTMLElement | null | undefined) {
  const [target, setTarget] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);
  /** What opened the dialog: focus goes back to it when it closes, or, when it went with its row, to `afterRemoval()`. */
  const opener = useRef<HTMLElement | null>(null);
  const ask = (row: R) => {
    opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    setTarget(row);
  };
  const returnFocus = () => (opener.current?.isConnected ? opener.current : afterRemoval?.());

  async function confirm() {
    if (target === null) return;
    setBusy(true);
    const removed = await withErrorToast(() => remove(target), texts.failed);
    setBusy(false);
    if (!removed) return;
    toast({ description: texts.done(target) });
    setTarget(null);
  }

  const dialog = (
    <LazyConfirmDialog
      open={target !== null}
      title={target === null ? "" : texts.title(target)}
      description={target === null ? "" : texts.description(target)}
      confirmLabel={texts.confirm}
      destructive
      busy={busy}
      onConfirm={() => void confirm()}
      onOpenChange={(open) => !open && setTarget(null)}
      returnFocus={returnFocus}
    />
  );
  return { ask, busy, dialog, preload: preloadConfirmDialog };
}

/** Runs a row's action (a switch, a 'send a test'); a failure is a toast with the server's message, never an unhandled rejection. */
export async function withErrorToast(action: () => Promise<unknown>, failed: string): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (error) {
    toast({ variant: "destructive", title: strings.common.error, description: error instanceof ApiError ? error.message : failed });
    return false;
  }
}
