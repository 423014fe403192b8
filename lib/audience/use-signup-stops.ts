"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-client";
import type { SignUpStopRow } from "./signup-stop-admin";

// The admin panel's stopped pages (GET /api/admin/signup-stops) and the lift.

const stopsKey = ["admin", "signup-stops"] as const;

export const useSignUpStops = () => useQuery({ queryKey: stopsKey, queryFn: () => api<SignUpStopRow[]>("/api/admin/signup-stops") });

export function useLiftSignUpStop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pageId: string) => api<{ pageId: string; stopped: false }>(`/api/admin/signup-stops/${encodeURIComponent(pageId)}`, { method: "DELETE" }),
    onSuccess: ({ pageId }) => {
      client.setQueryData<SignUpStopRow[]>(stopsKey, (rows) => rows?.filter((r) => r.pageId !== pageId));
      void client.invalidateQueries({ queryKey: queryKeys.admin.audit });
    },
  });
}
