import "server-only";
import { AppError } from "@/lib/server/errors";
import { LIMITS, hit, peek, type LimitState } from "@/lib/server/rate-limit";

// One budget of failed attempts per client address, shared by every way into
// an account: password sign-in, Google, sign-up conflicts (which tell whether
// an e-mail exists) and the current-password check. Switching from one path to
// another does not buy an attacker more guesses. Each path keeps its own finer
// limit on top (per e-mail, per account).

const ipKey = (ip: string) => `signin-fail:ip:${ip}`;
export const emailKey = (email: string) => `signin-fail:email:${email}`;

interface BudgetKeys {
  ip: string;
  /** A finer key and limit of the path, counted with the address. */
  extra?: { key: string; limit: { limit: number; windowMs: number } };
}

const emailLimit = (email: string) => ({ key: emailKey(email), limit: LIMITS.loginFailuresPerEmail });
/** The keys of a password sign-in: the address and the e-mail tried. */
export const signInKeys = (ip: string, email: string): BudgetKeys => ({ ip, extra: emailLimit(email) });

function throwIfBlocked(states: LimitState[]) {
  const blocked = states.filter((s) => !s.allowed);
  if (blocked.length) {
    throw new AppError("rate_limited", { retryAfter: Math.max(...blocked.map((s) => s.retryAfterSeconds)) });
  }
}

/** 429 (with Retry-After) once the address, or the path's finer key, has used its failures. */
export async function enforceAuthBudget({ ip, extra }: BudgetKeys): Promise<void> {
  const checks = [peek(ipKey(ip), LIMITS.authFailuresPerIp)];
  if (extra) checks.push(peek(extra.key, extra.limit));
  throwIfBlocked(await Promise.all(checks));
}

/** Counts one failure against the address and the path's finer key. */
export async function recordAuthFailure({ ip, extra }: BudgetKeys): Promise<void> {
  await hit(ipKey(ip), LIMITS.authFailuresPerIp);
  if (extra) await hit(extra.key, extra.limit);
}
