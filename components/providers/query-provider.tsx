"use client";

import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { createQueryClient } from "@/lib/client/query-client";

/**
 * One query cache per page the owner screens name (?page=): moving between
 * two pages' screens never shows one page's links or figures on the other's.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const page = (useSearchParams() as URLSearchParams | null)?.get("page") ?? "";
  const [clients] = useState(() => new Map<string, QueryClient>());
  let client = clients.get(page);
  if (!client) {
    client = createQueryClient();
    clients.set(page, client);
  }
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
