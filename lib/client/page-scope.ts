// The page an owner screen acts on is named in its address (?page=USERNAME;
// absent: the account's first page). The browser's calls to the page's
// endpoints carry it, and the links between owner screens keep it.

/**
 * The owner endpoints that name their page with ?page= (api.md: "Which
 * page"), as route patterns: exactly the route files whose route() declares a
 * page permission read from the query (tests/architecture/page-scoped-routes.test.ts
 * fails when the two differ). GET /api/user takes ?page= too.
 */
export const PAGE_SCOPED_ROUTES = [
  "/api/import/linktree",
  "/api/domains",
  "/api/domains/verify",
  "/api/links",
  "/api/links/[id]",
  "/api/links/[id]/pix",
  "/api/links/[id]/stats",
  "/api/links/[id]/thumbnail",
  "/api/links/export",
  "/api/links/import",
  "/api/links/reorder",
  "/api/qr",
  "/api/stats",
  "/api/stats/export",
  "/api/subscribers",
  "/api/subscribers/[id]",
  "/api/subscribers/export",
  "/api/user",
  "/api/user/appeal",
  "/api/user/avatar",
  "/api/user/cover",
  "/api/user/cover/remove",
  "/api/user/profile",
  "/api/webhooks",
  "/api/webhooks/[id]",
  "/api/webhooks/[id]/deliveries",
  "/api/webhooks/[id]/test",
] as const;

/** A path of one of those routes, its query or hash aside ([id]: any one segment). */
const PAGE_ENDPOINTS = new RegExp(`^(?:${PAGE_SCOPED_ROUTES.map((r) => r.replace(/\[[^\]]+\]/g, "[^/?#]+")).join("|")})(?:[?#]|$)`);

/** `?page=` of the current address, in the browser; null on the server or when absent. */
export function currentPage(): string | null {
  if (typeof window === "undefined") return null;
  return new URLSearchParams(window.location.search).get("page") || null;
}

/** `path` with `page=` added (kept as is when `page` is null or the path names one already). */
export function withPage(path: string, page: string | null): string {
  if (!page) return path;
  const [base, hash = ""] = path.split("#", 2) as [string, string?];
  if (/[?&]page=/.test(base)) return path;
  return `${base}${base.includes("?") ? "&" : "?"}page=${encodeURIComponent(page)}${hash ? `#${hash}` : ""}`;
}

/** An API path with the current page added when it is a page's endpoint. */
export function scopedApiPath(path: string): string {
  return PAGE_ENDPOINTS.test(path) ? withPage(path, currentPage()) : path;
}
