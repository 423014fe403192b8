import type { PageRole } from "@/lib/server/page-access";

// The roles of a page's members (client-safe: forms and lists use them).

export const PAGE_ROLE_VALUES = ["owner", "editor"] as const satisfies readonly PageRole[];
export type PageRoleValue = (typeof PAGE_ROLE_VALUES)[number];
