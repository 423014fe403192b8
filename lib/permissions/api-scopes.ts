// The scopes an API key may hold (api.md, "Public API and webhooks"): a key does
// what both its scopes and its account's role on the page (page-permissions.ts) allow. Client-safe.
// A route names the one scope it needs (route({ key: "links:read" })); the
// key's account's role on the page is asked as well (lib/permissions): a key
// does what both its scopes and its account's role allow.

export const API_SCOPES = ["page:read", "page:write", "links:read", "links:write", "stats:read", "subscribers:read", "webhooks:write"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const isApiScope = (value: string): value is ApiScope => (API_SCOPES as readonly string[]).includes(value);

/** The prefix of every key: `vt_` + 43 characters (32 random bytes, base64url). */
export const API_KEY_PREFIX = "vt_";

/** Calls a minute per key. */
export const API_KEY_LIMIT = { limit: 120, windowMs: 60_000 } as const;
