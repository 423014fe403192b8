"use client";

import { useEffect, useState } from "react";
import { lazyComponent } from "./lazy-component";
import { useToast } from "./use-toast";

const Toaster = lazyComponent(() => import("./toaster").then((m) => m.Toaster));

/** The toaster (Radix toast) is loaded with the first toast, and stays. */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);
  return needed || toasts.length > 0 ? <Toaster /> : null;
}
