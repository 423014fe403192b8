import type { Permission } from "./page-permissions";

// The scopes an API key may hold (api.md, "Public API and webhooks"), each a
// set of the role table's permissions (page-permissions.ts). A route names one
// permission; a key may call it when one of its scopes holds that permission,
// and its account's role on the page (read at the call) allows it too: a key
// does what both its scopes and its account's role allow. Client-safe.

export const API_SCOPES = [
  "page:read",
  "page:write",
  "links:read",
  "links:write",
  "stats:read",
  "subscribers:read",
  "webhooks:write",
  "orders:read",
  "orders:refund",
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** What each scope lets a key do: the one map from scope to the table's permissions. */
export const SCOPE_PERMISSIONS: Readonly<Record<ApiScope, readonly Permission[]>> = {
  "page:read": ["page.view"],
  // Search and sensitive settings are further asked of the role (an editor's key: 403), as for a session.
  "page:write": ["profile.write"],
  "links:read": ["links.read", "links.export"],
  "links:write": ["links.write"],
  "stats:read": ["stats.read", "stats.export"],
  "subscribers:read": ["subscribers.read", "subscribers.export"],
  "webhooks:write": ["webhooks.manage"],
  "orders:read": ["orders.read"],
  "orders:refund": ["orders.refund"],
};

export const isApiScope = (value: string): value is ApiScope => (API_SCOPES as readonly string[]).includes(value);

/** Whether a key holding `scopes` may do `permission` (its role is asked apart). Fails closed: an unknown scope grants nothing. */
export function scopesAllow(scopes: readonly string[], permission: Permission): boolean {
  return scopes.some((scope) => isApiScope(scope) && SCOPE_PERMISSIONS[scope].includes(permission));
}

/** The scope that grants `permission`, if any (the API document names it beside each operation). */
export function scopeFor(permission: Permission): ApiScope | undefined {
  return API_SCOPES.find((scope) => SCOPE_PERMISSIONS[scope].includes(permission));
}

/** The prefix of every key: `vt_` + 43 characters (32 random bytes, base64url). */
export const API_KEY_PREFIX = "vt_";

/** Calls a minute per key. */
export const API_KEY_LIMIT = { limit: 120, windowMs: 60_000 } as const;
