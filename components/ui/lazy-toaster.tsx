"use client";

import { useState } from "react";
import { lazyComponent } from "./lazy-component";
import { useToast } from "./use-toast";

const Toaster = lazyComponent(() => import("./toaster").then((m) => m.Toaster));

/** The toaster (Radix toast) is loaded with the first toast, and stays. */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  // Set while rendering (React's way to keep what a prop once was), not in an effect: no second render to wait for.
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed || toasts.length > 0 ? <Toaster /> : null;
}
