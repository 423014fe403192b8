"use client";

import { useEffect } from "react";
import { HYDRATED_ATTRIBUTE, HYDRATED_EVENT } from "@/lib/client/hydration";

/**
 * Tells the document that React has hydrated it (an effect of the root
 * layout runs after the whole page's): the document then hands over what the
 * visitor typed, submitted or pressed meanwhile (lib/server/early-input.ts).
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
    document.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return null;
}
