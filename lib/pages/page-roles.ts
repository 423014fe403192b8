import { PAGE_ROLES, type PageRole } from "@/lib/permissions/page-permissions";

// The roles of a page's members (client-safe: forms and lists use them); what
// each may do is lib/permissions/page-permissions.ts.

export const PAGE_ROLE_VALUES = PAGE_ROLES;
export type PageRoleValue = PageRole;
