import "server-only";
import { randomBytes } from "node:crypto";
import { decode, encode } from "next-auth/jwt";
import { db } from "./db";
import { env } from "./env";
import { authSecret } from "./secret";
import { hashToken } from "./token-hash";
import type { RequestHead } from "./request";
import { toUserDtoFirstPage, withFirstPage, type UserDto } from "@/lib/accounts/user-dto";

// Sessions are rows: the cookie is an Auth.js JWT that carries only the id of
// a Session row (by the SHA-256 of a random token). Every request looks the
// row up, so deleting it (logout, password change, Google link) revokes the
// cookie at once on every instance, and admin flags are always read fresh.

export const REMEMBER_MAX_AGE_S = 30 * 24 * 60 * 60;
export const BROWSER_SESSION_MAX_AGE_S = 7 * 24 * 60 * 60;
export const IDLE_TIMEOUT_MS = 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Auth.js's cookie name; the __Secure- prefix when the public URL is https. */
export function sessionCookieName(): string {
  return env().NEXT_PUBLIC_APP_URL?.startsWith("https://") ? "__Secure-authjs.session-token" : "authjs.session-token";
}

/** The first step of a sign-in that asks for a second one (TwoFactorChallenge.firstStep). */
export type FirstStep = "password" | "google";

/** The second step: a code from the app, a recovery code, or a passkey of the account. */
export type SecondStep = "totp" | "recovery" | "passkey";

/** How a session signed in (Session.method; labels in lib/sessions/session-method.ts). */
export type SessionMethod = FirstStep | `${FirstStep}+${SecondStep}` | "passkey";

export interface CurrentSession {
  sid: string;
  user: UserDto;
}

export interface NewSession {
  sid: string;
  cookie: string;
}

export function isSecureRequest(req: Request | undefined): boolean {
  if (env().NEXT_PUBLIC_APP_URL?.startsWith("https://")) return true;
  if (!req) return false;
  if (env().TRUST_PROXY > 0 && req.headers.get("x-forwarded-proto") === "https") return true;
  return new URL(req.url).protocol === "https:";
}

function serializeCookie(value: string, opts: { maxAge?: number; secure: boolean }): string {
  const parts = [`${sessionCookieName()}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (opts.secure || sessionCookieName().startsWith("__Secure-")) parts.push("Secure");
  if (opts.maxAge !== undefined) parts.push(`Max-Age=${opts.maxAge}`);
  if (opts.maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  return parts.join("; ");
}

/**
 * Opens a session and returns its Set-Cookie value. 'Lembrar de mim': a
 * 30-day cookie; otherwise a browser-session cookie (no Max-Age) that the
 * server also ends after 24 h without use.
 */
export async function createSession(userId: string, remember: boolean, req?: Request, method?: SessionMethod): Promise<NewSession> {
  const token = randomBytes(32).toString("base64url");
  const maxAge = remember ? REMEMBER_MAX_AGE_S : BROWSER_SESSION_MAX_AGE_S;
  const row = await db.session.create({
    data: {
      userId,
      sessionToken: hashToken(token),
      remember,
      expires: new Date(Date.now() + maxAge * 1000),
      userAgent: req?.headers.get("user-agent")?.slice(0, 512) || null,
      method: method ?? null,
    },
    select: { id: true },
  });
  const jwt = await encode({ token: { sid: token }, secret: authSecret(), salt: sessionCookieName(), maxAge });
  return { sid: row.id, cookie: serializeCookie(jwt, { maxAge: remember ? maxAge : undefined, secure: isSecureRequest(req) }) };
}

export function clearSessionCookie(req?: Request): string {
  return serializeCookie("", { maxAge: 0, secure: isSecureRequest(req) });
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** The session row's token carried by an Auth.js JWT, or null. */
export async function tokenFromJwt(jwt: string | undefined): Promise<string | null> {
  if (!jwt) return null;
  try {
    const payload = await decode<{ sid?: unknown }>({ token: jwt, secret: authSecret(), salt: sessionCookieName() });
    return typeof payload?.sid === "string" ? payload.sid : null;
  } catch {
    return null;
  }
}

/** Looks the session up: missing, expired or idle too long is no session. */
export async function resolveSessionToken(token: string | null): Promise<CurrentSession | null> {
  if (!token) return null;
  const row = await db.session.findUnique({ where: { sessionToken: hashToken(token) }, include: { user: { include: withFirstPage } } });
  if (!row) return null;
  const now = Date.now();
  const idle = !row.remember && now - row.lastSeenAt.getTime() > IDLE_TIMEOUT_MS;
  if (row.expires.getTime() <= now || idle) {
    await db.session.deleteMany({ where: { id: row.id } });
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.session.updateMany({ where: { id: row.id }, data: { lastSeenAt: new Date(now) } });
  }
  return { sid: row.id, user: toUserDtoFirstPage(row.user) };
}

export async function sessionFromRequest(req: Pick<RequestHead, "headers">): Promise<CurrentSession | null> {
  return resolveSessionToken(await tokenFromJwt(readCookie(req.headers.get("cookie"), sessionCookieName())));
}

export async function revokeSession(sid: string): Promise<void> {
  await db.session.deleteMany({ where: { id: sid } });
}

/** Ends every session of the user but `keepSid` (password change). */
export async function revokeOtherSessions(userId: string, keepSid?: string): Promise<void> {
  await db.session.deleteMany({ where: { userId, ...(keepSid ? { id: { not: keepSid } } : {}) } });
}
