// What each role of a page's team may do: one table (STYLE.md habit 15; dub's
// ROLE_PERMISSIONS, documenso's team permission map). The route wrapper, the
// feature functions and the screens all ask `can(role, permission)`; nothing
// else compares roles (tests/architecture/role-checks.test.ts fails when
// something does). Client-safe: no server import. An API key's scopes are sets
// of these permissions (api-scopes.ts), intersected with its owner's role.

/** A member's role on a page, most powerful first. */
export const PAGE_ROLES = ["owner", "editor"] as const;
export type PageRole = (typeof PAGE_ROLES)[number];

/** Everything a member may be allowed to do on a page. */
export const PAGE_PERMISSIONS = [
  /** See the page's owner screens and its user object (GET /api/user?page=). */
  "page.view",
  /** The page's name, bio, socials, photo, cover and appearance. */
  "profile.write",
  /** The owner's settings: username, sensitive content, search engines (api.md, Roles). */
  "page.settings",
  /** Delete the page; the page's owners are those who may (an account's limit counts them; a page keeps one). */
  "page.delete",
  /** The page in full in its member's account export (links, statistics, subscribers). */
  "page.export",
  /** Leave the page (any member). */
  "page.leave",
  /** The team: list members, invite, cancel an invitation, change a role, remove a member. */
  "members.manage",
  "links.read",
  "links.write",
  "links.export",
  "stats.read",
  "stats.export",
  /** Every statistic of the page back to zero. */
  "stats.reset",
  "subscribers.read",
  "subscribers.export",
  "subscribers.delete",
  /** The page's moderation status and its appeal. */
  "moderation.read",
  /** Contest the page's deactivation. */
  "moderation.appeal",
  /** The page's webhook endpoints and their deliveries (owners). */
  "webhooks.manage",
  /** See the page's own domain (fifth release). */
  "domain.read",
  /** Add, verify and remove the page's own domain. */
  "domain.write",
  /** Connect and disconnect the page's Mercado Pago account (sixth release, Selling with Pix). */
  "payments.manage",
  /** The page's sales: totals, orders, their CSV. */
  "orders.read",
  /** Refund a paid order. */
  "orders.refund",
  /** Write, change and delete the page's broadcast drafts, and see its broadcasts (sixth release, "Write to your list"). */
  "broadcasts.write",
  /** Send, schedule and test a broadcast to the page's list (owners). */
  "broadcasts.send",
] as const;
export type Permission = (typeof PAGE_PERMISSIONS)[number];

const EDITOR: readonly Permission[] = [
  "page.view",
  "profile.write",
  "page.leave",
  "links.read",
  "links.write",
  "links.export",
  "stats.read",
  "stats.export",
  "subscribers.read",
  "moderation.read",
  "domain.read",
  "orders.read",
  "broadcasts.write",
];

/** The table: each role and what it may do. An owner may do everything. */
export const ROLE_PERMISSIONS: Readonly<Record<PageRole, ReadonlySet<Permission>>> = {
  owner: new Set(PAGE_PERMISSIONS),
  editor: new Set(EDITOR),
};

/** The role a page's creator gets (registration's first page, 'Criar página'). */
export const CREATOR_ROLE: PageRole = PAGE_ROLES[0];

/** A stored role as one this version knows; anything else is null, and may do nothing. */
export function toPageRole(value: string | null | undefined): PageRole | null {
  return (PAGE_ROLES as readonly string[]).includes(value ?? "") ? (value as PageRole) : null;
}

/** Whether `role` may do `permission`. Fails closed: no role, an unknown role or an unknown permission may do nothing. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  const known = toPageRole(role);
  return known !== null && ROLE_PERMISSIONS[known].has(permission);
}

/** The roles that may do `permission` (for a database filter: "the page's owners" = rolesWith("page.delete")). */
export function rolesWith(permission: Permission): PageRole[] {
  return PAGE_ROLES.filter((role) => ROLE_PERMISSIONS[role].has(permission));
}

/** A stored role for lists and DTOs: as stored when known, else the least role (it is never used to authorise). */
export function shownRole(value: string): PageRole {
  return toPageRole(value) ?? PAGE_ROLES[PAGE_ROLES.length - 1]!;
}

/** The more powerful of two roles (the table's order); `a` may be none. */
export function strongerRole(a: PageRole | null, b: PageRole): PageRole {
  return a !== null && PAGE_ROLES.indexOf(a) < PAGE_ROLES.indexOf(b) ? a : b;
}
