"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiWithHeaders } from "@/lib/client/api";
import { NEXT_CURSOR_HEADER, UI_PAGE_SIZE } from "@/lib/lists/list-paging";
import type { AdminReportRow, BlockedDomainRow, OwnerModeration } from "./moderation-types";

// Moderation data for the owner's notice and the admin panel (React Query).

const moderationKeys = {
  own: ["moderation", "own"] as const,
  reports: (status: string, q: string) => ["admin", "reports", { status, q }] as const,
  domains: ["admin", "blocked-domains"] as const,
};

/** `initial`: read by the dashboard on the server, so the notice is whole (its 'Contestar' button too) before any script runs. */
export const useOwnModeration = (initial?: OwnerModeration) =>
  useQuery({ queryKey: moderationKeys.own, queryFn: () => api<OwnerModeration>("/api/user/appeal"), initialData: initial });

export function useSendAppeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api<OwnerModeration>("/api/user/appeal", { body: { message } }),
    onSuccess: (data) => client.setQueryData(moderationKeys.own, data),
  });
}

export function useAdminReports(status: "open" | "closed", q: string) {
  return useInfiniteQuery({
    queryKey: moderationKeys.reports(status, q),
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams({ status, limit: String(UI_PAGE_SIZE) });
      if (q) query.set("q", q);
      if (pageParam) query.set("cursor", pageParam);
      const { data, headers } = await apiWithHeaders<AdminReportRow[]>(`/api/admin/reports?${query}`);
      return { items: data, next: headers.get(NEXT_CURSOR_HEADER) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/** After a moderation action every list it touches is read again. */
function useRefreshAdmin() {
  const client = useQueryClient();
  return () => {
    for (const key of [["admin", "reports"], ["admin", "pages"], ["admin", "audit"], ["admin", "stats"], moderationKeys.domains]) {
      void client.invalidateQueries({ queryKey: key });
    }
  };
}

export function useCloseReport() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (id: string) => api<AdminReportRow>(`/api/admin/reports/${encodeURIComponent(id)}`, { method: "PATCH", body: { status: "closed" } }),
    onSuccess: refresh,
  });
}

export function useSetPageStatus() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ pageId, reason }: { pageId: string; reason?: string }) =>
      api<{ id: string; active: boolean }>(`/api/admin/pages/${encodeURIComponent(pageId)}/toggle-status`, {
        method: "PATCH",
        body: reason ? { reason } : {},
      }),
    onSuccess: refresh,
  });
}

export const useBlockedDomains = () => useQuery({ queryKey: moderationKeys.domains, queryFn: () => api<BlockedDomainRow[]>("/api/admin/blocked-domains") });

export function useBlockDomain() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (domain: string) => api<BlockedDomainRow>("/api/admin/blocked-domains", { body: { domain } }),
    onSuccess: refresh,
  });
}

export function useUnblockDomain() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (domain: string) => api(`/api/admin/blocked-domains/${encodeURIComponent(domain)}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
}
