// The panel's tabs, kept in ?tab= (read by the server page, written by the panel).

// "orders" only where selling is on (the panel leaves it out otherwise).
export const ADMIN_TABS = ["dashboard", "pages", "users", "reports", "broadcasts", "orders"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export function parseAdminTab(value: string | null | undefined): AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? "") ? (value as AdminTab) : "dashboard";
}
