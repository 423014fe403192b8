"use client";

import { useQuery } from "@tanstack/react-query";
import type { UserDto } from "@/lib/accounts/user-dto";
import { ApiError, api } from "./api";
import { CURRENT_USER_STALE_MS, queryKeys } from "./query-client";

/** The signed-in user; null when GET /api/user answers 401 (product-spec.md §4). */
export function useCurrentUser(initial?: UserDto | null) {
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: async () => {
      try {
        return await api<UserDto>("/api/user");
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: CURRENT_USER_STALE_MS,
    initialData: initial,
  });
}
