"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { ApiError, api, apiWithHeaders } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-client";
import { NEXT_CURSOR_HEADER, UI_PAGE_SIZE } from "@/lib/lists/list-paging";
import { type AdminAuditRow, type AdminPageRow, type AdminStats, type AdminUserRow } from "./admin-types";

// The admin panel's data: React Query over the administration API.

const AUDIT_PAGE_SIZE = 10;

interface ListPage<T> {
  items: T[];
  next: string | null;
}

async function fetchList<T>(path: string, q: string, cursor: string | null, limit: number): Promise<ListPage<T>> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (q) query.set("q", q);
  if (cursor) query.set("cursor", cursor);
  const { data, headers } = await apiWithHeaders<T[]>(`${path}?${query}`);
  return { items: data, next: headers.get(NEXT_CURSOR_HEADER) };
}

function useList<T>(key: readonly unknown[], path: string, q: string, limit: number) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchList<T>(path, q, pageParam, limit),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

export const useAdminStats = () => useQuery({ queryKey: queryKeys.admin.stats, queryFn: () => api<AdminStats>("/api/admin/stats") });
export const useAdminPages = (q: string) => useList<AdminPageRow>(queryKeys.admin.pages({ q }), "/api/admin/pages", q, UI_PAGE_SIZE);
export const useAdminUsers = (q: string) => useList<AdminUserRow>(queryKeys.admin.users({ q }), "/api/admin/users", q, UI_PAGE_SIZE);
export const useAdminAudit = () => useList<AdminAuditRow>(queryKeys.admin.audit, "/api/admin/audit", "", AUDIT_PAGE_SIZE);

/** Rewrites one row in every cached page of a list, wherever it is. */
function patchRows<T extends { id: string }>(data: InfiniteData<ListPage<T>> | undefined, id: string, patch: Partial<T>) {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((r) => (r.id === id ? { ...r, ...patch } : r)) })) };
}

export function useTogglePageStatus() {
  const client = useQueryClient();
  return useMutation({
    // A deactivation carries the reason the owner will read (dashboard and e-mail).
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      api<{ id: string; active: boolean }>(`/api/admin/pages/${encodeURIComponent(id)}/toggle-status`, {
        method: "PATCH",
        ...(reason ? { body: { reason } } : {}),
      }),
    onSuccess: ({ id, active }, { reason }) => {
      const deactivationReason = active ? null : (reason ?? null);
      client.setQueriesData<InfiniteData<ListPage<AdminPageRow>>>({ queryKey: ["admin", "pages"] }, (d) => patchRows(d, id, { active, deactivationReason }));
      void client.invalidateQueries({ queryKey: queryKeys.admin.stats });
      void client.invalidateQueries({ queryKey: queryKeys.admin.audit });
    },
  });
}

export function useToggleAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) =>
      api<{ id: string; isAdmin: boolean }>(`/api/admin/users/${encodeURIComponent(id)}/toggle-admin`, { method: "PATCH" }),
    onSuccess: ({ id, isAdmin }) => {
      client.setQueriesData<InfiniteData<ListPage<AdminUserRow>>>({ queryKey: ["admin", "users"] }, (d) => patchRows(d, id, { isAdmin }));
      void client.invalidateQueries({ queryKey: queryKeys.admin.audit });
    },
  });
}

/**
 * A 401 or 403 means the session ended or the admin flag was removed since the
 * page was drawn: the server decides again (redirect to /login, or the denied view).
 */
export function useRecheckOnDenied(error: unknown) {
  const router = useRouter();
  useEffect(() => {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) router.refresh();
  }, [error, router]);
}

/** The value, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
