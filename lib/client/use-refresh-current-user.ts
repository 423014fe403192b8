"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import type { UserDto } from "@/lib/accounts/user-dto";
import { queryKeys } from "./query-client";

/**
 * After a change to the signed-in user: the cached user is replaced (or
 * refetched) and the server-rendered parts (the header's avatar) re-render.
 */
export function useRefreshCurrentUser() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(
    async (user?: UserDto) => {
      if (user) queryClient.setQueryData(queryKeys.currentUser, (old: (UserDto & { hasPassword?: boolean }) | null | undefined) => ({ ...old, ...user }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      router.refresh();
    },
    [queryClient, router],
  );
}
