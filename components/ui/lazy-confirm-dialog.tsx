"use client";

import { useState, type ComponentProps } from "react";
import { lazyComponent } from "./lazy-component";
import type { ConfirmDialog as ConfirmDialogType } from "./confirm-dialog";

// The confirmation dialog (Radix's AlertDialog) out of a page's first script:
// loaded when what opens it is about to be pressed (preloadConfirmDialog, on
// hover or focus), or at the press at the latest, and drawn from its first
// opening on (so that it can close with its animation).
const load = () => import("./confirm-dialog");
const ConfirmDialog = lazyComponent(() => load().then((m) => m.ConfirmDialog));

/** In a task of its own: the pointer coming over a list is often on its way to a press, which goes first. */
export const preloadConfirmDialog = () => void setTimeout(() => void load(), 0);

export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDialogType>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  return wanted ? <ConfirmDialog {...props} /> : null;
}
