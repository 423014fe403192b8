// The security headers every answer carries, whichever path sends it: Next
// adds them from next.config.ts, and what answers without Next (server.mjs's
// fast paths) or sets its own (proxy.ts) adds them itself, from here. No
// "server-only": next.config.ts reads this file when Next loads its config.

export const BASE_SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "SAMEORIGIN",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
} as const;
