// The headers of the installable dashboard's static files, sent by
// next.config.ts. No imports and no "server-only": next.config.ts reads this
// file when Next loads its config.

/** public/sw.js: always checked for a new version; it loads nothing itself. */
export const SERVICE_WORKER_HEADERS = {
  "cache-control": "no-cache",
  "content-security-policy": "default-src 'self'; script-src 'self'",
} as const;

/** public/offline.html (lib/pwa/offline-page.ts): nothing to run, nothing to load but its own styles. */
export const OFFLINE_PAGE_HEADERS = {
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
} as const;
