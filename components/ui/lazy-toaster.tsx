"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { useToast } from "./use-toast";

const Toaster = dynamic(() => import("./toaster").then((m) => m.Toaster), { ssr: false });

/** The toaster (Radix toast) is loaded with the first toast, and stays. */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);
  return needed || toasts.length > 0 ? <Toaster /> : null;
}
