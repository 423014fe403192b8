import { QueryClient } from "@tanstack/react-query";

// product-spec.md §7: no automatic retry, no refetch on focus, no polling,
// cached data never stale (the current user: 5 minutes, see useCurrentUser).
export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

export const queryKeys = {
  currentUser: ["user"] as const,
  links: ["links"] as const,
  link: (id: string) => ["links", id] as const,
  stats: ["stats"] as const,
  subscribers: (status: string) => ["subscribers", status] as const,
  admin: {
    check: ["admin", "check"] as const,
    stats: ["admin", "stats"] as const,
    pages: (params: Record<string, unknown>) => ["admin", "pages", params] as const,
    users: (params: Record<string, unknown>) => ["admin", "users", params] as const,
    audit: ["admin", "audit"] as const,
  },
};
