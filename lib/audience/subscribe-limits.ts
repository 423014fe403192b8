import type { Limit } from "@/lib/server/rate-limit";

// The sign-up's limits (api.md, Audience), in the shared RateLimit table.
// An address (e-mail) is keyed by its SHA-256, never in clear. A client
// address that cannot be known (plain `next start` without TRUST_PROXY) is
// not limited (lib/server/rate-limit.ts); the other limits still apply.

export const SUBSCRIBE_LIMITS = {
  /** Sign-ups of one e-mail address, over every page: a stranger's inbox gets at most this many confirmations an hour. */
  perAddress: { limit: 5, windowMs: 60 * 60_000 },
  perClient: { limit: 30, windowMs: 60_000 },
  perPage: { limit: 600, windowMs: 60_000 },
  /**
   * A form posted without JavaScript carries no proof of work (the page's
   * script solves it), so it is accepted under limits of its own, far
   * stricter, per client address and per page: a script that skips the
   * proof gets a few sign-ups, not a flood.
   */
  withoutProofPerClient: { limit: 5, windowMs: 10 * 60_000 },
  withoutProofPerPage: { limit: 30, windowMs: 60 * 60_000 },
} as const satisfies Record<string, Limit>;

/** At most one confirmation e-mail per address (over every page) in this long. */
export const CONFIRMATION_INTERVAL_MS = 60 * 60_000;

/** Pending sign-ups never confirmed are deleted this long after their confirmation e-mail left (the jobs). */
export const PENDING_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * A sign-up whose confirmation e-mail never left (its page's allowance, or a
 * page stopped and never lifted) is kept this long for it to leave, then
 * deleted: none is lost to the caps, and none is kept for good.
 */
export const UNSENT_TTL_MS = 30 * 24 * 60 * 60_000;

/**
 * A page's confirmation e-mails (api.md, fourth release put right): at most
 * `perHour` in its current hour and `perDay` in its current day; a sign-up
 * past them is kept and its e-mail waits for the jobs. A page whose last
 * `stopAfter` e-mails brought fewer than `stopBelow` confirmations sends no
 * more until an administrator lifts it.
 */
export const CONFIRMATION_CAPS = { perHour: 100, perDay: 1_000, stopAfter: 200, stopBelow: 5 } as const;

/** The log of confirmation e-mails (the stop's evidence) is kept this long. */
export const CONFIRMATION_LOG_TTL_MS = 30 * 24 * 60 * 60_000;

/** Links of subscribers deleted since (by their owner, or unconfirmed) still say 'Você já saiu desta lista' this long. */
export const ORPHAN_LINK_TTL_MS = 365 * 24 * 60 * 60_000;
