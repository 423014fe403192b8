"use client";

import { useEffect } from "react";
import { HYDRATED_ATTRIBUTE } from "@/lib/client/hydration";

/**
 * Marks the document once React has hydrated its root (an effect of the root
 * layout), for whoever needs to know React has the page: the browser tests.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
  }, []);
  return null;
}
