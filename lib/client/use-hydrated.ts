"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** false in the server's render and during hydration, true once the page's JavaScript runs it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
