"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LinkDto } from "@/lib/links/link-dto";
import { api } from "./api";
import { queryKeys } from "./query-client";

/** `initial`: the list as the server rendered it (used while the cache has none). */
export function useLinks(initial?: LinkDto[]) {
  return useQuery({ queryKey: queryKeys.links, queryFn: () => api<LinkDto[]>("/api/links"), initialData: initial });
}

/** Optimistic reorder (product-spec.md §4): the list is rewritten at once, rolled back if the server refuses. */
export function useReorderLinks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ordered: LinkDto[]) => api("/api/links/reorder", { body: { linkOrders: ordered.map((l, order) => ({ id: l.id, order })) } }),
    onMutate: async (ordered) => {
      await qc.cancelQueries({ queryKey: queryKeys.links });
      const previous = qc.getQueryData<LinkDto[]>(queryKeys.links);
      qc.setQueryData<LinkDto[]>(
        queryKeys.links,
        ordered.map((l, order) => ({ ...l, order })),
      );
      return { previous };
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) qc.setQueryData(queryKeys.links, context.previous);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.links }),
  });
}

/** The switch flips at the press (the list is updated before the PATCH is answered) and flips back if it is refused. */
export function useToggleLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => api<LinkDto>(`/api/links/${id}`, { method: "PATCH", body: { active } }),
    onMutate: async ({ id, active }) => {
      await qc.cancelQueries({ queryKey: queryKeys.links });
      const previous = qc.getQueryData<LinkDto[]>(queryKeys.links);
      qc.setQueryData<LinkDto[]>(queryKeys.links, (links) => links?.map((l) => (l.id === id ? { ...l, active } : l)));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) qc.setQueryData(queryKeys.links, context.previous);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.links }),
  });
}

export function useDeleteLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/links/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.links }),
  });
}
