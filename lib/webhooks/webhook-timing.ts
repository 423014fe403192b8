// The webhooks' clock (api.md, "Public API and webhooks" and "Bounded webhooks"). Client-safe numbers.

/** Waits before the 2nd … 7th attempt: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h; then failed. */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** An endpoint failing every attempt this long is turned off. */
export const FAILING_OFF_MS = 5 * 24 * 3_600_000;
/** How long a claim lasts: a sender killed or frozen mid-send leaves its deliveries to another once it passes. */
export const CLAIM_MS = 60_000;
