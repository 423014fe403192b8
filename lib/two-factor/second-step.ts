import "server-only";
import { randomBytes } from "node:crypto";
import { emailKey, enforceAuthBudget, recordAuthFailure, signInKeys } from "@/lib/accounts/auth-budget";
import { toUserDtoFirstPage, withFirstPage, type UserDto } from "@/lib/accounts/user-dto";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { hashToken } from "@/lib/server/token-hash";
import { createSession, isSecureRequest, type FirstStep, type NewSession, type SecondStep } from "@/lib/server/session";
import { securityStrings } from "@/lib/strings/security";
import { consumeCode } from "./verify-code";

const strings = { security: securityStrings };

// The second step of a sign-in with two-factor on. The first step (password
// or Google) opens a challenge row and hands back a short-lived HttpOnly
// cookie naming it, and no session. POST /api/login/2fa spends a code
// against the challenge and only then opens the session.

const CHALLENGE_TTL_S = 5 * 60;
const CHALLENGE_MAX_FAILURES = 5;
const COOKIE_PATH = "/api/login";

export interface TwoFactorPending {
  twoFactorRequired: true;
  cookie: string;
}

function challengeCookieName(req?: Request): string {
  return isSecureRequest(req) ? "__Secure-vitrine.2fa" : "vitrine.2fa";
}

function challengeCookie(value: string, maxAge: number, req?: Request): string {
  const parts = [`${challengeCookieName(req)}=${value}`, `Path=${COOKIE_PATH}`, "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`];
  if (isSecureRequest(req)) parts.push("Secure");
  if (maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  return parts.join("; ");
}

export const clearChallengeCookie = (req?: Request) => challengeCookie("", 0, req);

/** After a right password (or Google) for an account with two-factor on: a challenge, no session. */
export async function requireSecondStep(userId: string, remember: boolean, firstStep: FirstStep, req?: Request): Promise<TwoFactorPending> {
  const token = randomBytes(32).toString("base64url");
  await db.twoFactorChallenge.deleteMany({ where: { expires: { lt: new Date() } } });
  await db.twoFactorChallenge.create({
    data: { userId, remember, firstStep, tokenHash: hashToken(token), expires: new Date(Date.now() + CHALLENGE_TTL_S * 1000) },
  });
  return { twoFactorRequired: true, cookie: challengeCookie(token, CHALLENGE_TTL_S, req) };
}

function readChallengeToken(req: Request): string | undefined {
  const name = challengeCookieName(req);
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim() || undefined;
  }
  return undefined;
}

type PendingSignIn = NonNullable<Awaited<ReturnType<typeof findChallenge>>>;

/** The challenge's first step (a row from before the column counts as the password). */
const firstStepOf = (challenge: PendingSignIn): FirstStep => (challenge.firstStep === "google" ? "google" : "password");

function findChallenge(token: string) {
  return db.twoFactorChallenge.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: { include: withFirstPage } } });
}

/** The pending sign-in named by the challenge cookie; 401 without a live one. */
export async function liveSecondStep(req: Request): Promise<PendingSignIn> {
  const token = readChallengeToken(req);
  const challenge = token ? await findChallenge(token) : null;
  if (!challenge || challenge.expires.getTime() <= Date.now()) {
    throw new AppError("unauthorized", { message: strings.security.challengeMissing });
  }
  return challenge;
}

/**
 * One try at the second step (a code or a passkey): 429 once this sign-in
 * has had 5 tries that failed, or the account's or address's sign-in
 * failures are used up. Returns the keys a failure is counted against.
 */
export async function countSecondStepTry(challenge: PendingSignIn, ip: string) {
  const retryAfter = Math.max(1, Math.ceil((challenge.expires.getTime() - Date.now()) / 1000));
  // Counted before the check, atomically: concurrent guesses cannot exceed the five.
  const { count } = await db.twoFactorChallenge.updateMany({
    where: { id: challenge.id, failures: { lt: CHALLENGE_MAX_FAILURES } },
    data: { failures: { increment: 1 } },
  });
  if (count === 0) throw new AppError("rate_limited", { retryAfter });
  const keys = signInKeys(ip, challenge.user.email);
  await enforceAuthBudget(keys);
  return keys;
}

export const recordSecondStepFailure = recordAuthFailure;

/**
 * The second step passed: the challenge is spent (single use) and the session
 * opens, recording both steps ("google+totp", "password+passkey"...).
 */
export async function finishSecondStep(challenge: PendingSignIn, req: Request, secondStep: SecondStep): Promise<{ user: UserDto; session: NewSession }> {
  // Single use: only the request that deletes the challenge goes on.
  const spent = await db.twoFactorChallenge.deleteMany({ where: { id: challenge.id } });
  if (spent.count !== 1) throw new AppError("unauthorized", { message: strings.security.challengeMissing });
  await db.rateLimit.deleteMany({ where: { key: emailKey(challenge.user.email) } });
  return {
    user: toUserDtoFirstPage(challenge.user),
    session: await createSession(challenge.userId, challenge.remember, req, `${firstStepOf(challenge)}+${secondStep}`),
  };
}

/**
 * POST /api/login/2fa. 401 without a live challenge or for a wrong code; 429
 * once this sign-in has had 5 wrong codes, or the account's or address's
 * sign-in failures are used up (wrong codes count there too).
 */
export async function completeSecondStep(req: Request, code: string, ip: string): Promise<{ user: UserDto; session: NewSession }> {
  const challenge = await liveSecondStep(req);
  const keys = await countSecondStepTry(challenge, ip);
  if (!(await consumeCode(challenge.userId, code))) {
    await recordAuthFailure(keys);
    throw new AppError("unauthorized", { message: strings.security.invalidCode, errors: { code: strings.security.invalidCode } });
  }
  // A six-digit code is the app's; anything else that passed is a recovery code (verify-code.ts).
  return finishSecondStep(challenge, req, /^\d{6}$/.test(code.replace(/\s+/g, "")) ? "totp" : "recovery");
}
