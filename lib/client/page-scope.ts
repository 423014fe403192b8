// The page an owner screen acts on is named in its address (?page=USERNAME;
// absent: the account's first page). The browser's calls to the page's
// endpoints carry it, and the links between owner screens keep it.

/**
 * The owner endpoints that name their page with ?page= (api.md: "Which
 * page"): exactly the route files whose route() declares a page permission
 * read from the query, or read pageParam() (tests/architecture/page-scoped-routes.test.ts
 * tries every route file against it). GET /api/user takes ?page= too. One
 * expression, not a list: every page of the app loads it ([^/?#]+: an id).
 */
export const PAGE_ENDPOINTS =
  /^\/api\/(?:broadcasts(?:\/[^/?#]+(?:\/(?:send|test))?)?|domains(?:\/verify)?|import\/linktree|links(?:\/[^/?#]+(?:\/(?:pix|stats|thumbnail))?)?|orders(?:\/export|\/[^/?#]+\/refund)?|payments\/(?:account|connect)|products\/[^/?#]+\/file|qr|stats(?:\/export)?|subscribers(?:\/[^/?#]+)?|user(?:\/(?:appeal|avatar|cover(?:\/remove)?|profile))?|webhooks(?:\/[^/?#]+(?:\/(?:deliveries|test))?)?)(?:[?#]|$)/;

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
