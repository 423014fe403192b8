"use client";

import { useEffect } from "react";
import { HYDRATED_ATTRIBUTE } from "@/lib/client/hydration";

/**
 * Tells the document that React has hydrated its root (an effect of the root
 * layout): a late-booting page's script (lib/server/deferred-boot.ts) then
 * knows not to start the scripts again, and the browser tests know React has
 * the page.
 * (What was typed or pressed before React had an element is handed over per
 * element: lib/server/early-input.ts.)
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
  }, []);
  return null;
}
