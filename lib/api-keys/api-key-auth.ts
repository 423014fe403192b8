import "server-only";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { hit, type LimitState } from "@/lib/server/rate-limit";
import type { CurrentSession } from "@/lib/server/session";
import { hashToken } from "@/lib/server/token-hash";
import { apiStrings } from "@/lib/strings/api";
import { API_KEY_LIMIT, API_KEY_PREFIX, scopesAllow } from "@/lib/permissions/api-scopes";
import type { Permission } from "@/lib/permissions/page-permissions";
import { toUserDtoFirstPage, withFirstPage } from "@/lib/accounts/user-dto";

// The route wrapper's second way in (lib/api/route.ts): `Authorization:
// Bearer vt_…`. The key's row is read at every call (no cache): a deleted key
// is refused at once on every instance, and the account's role on a page is
// read by pageAccess as for a session.

export interface KeyAccess {
  id: string;
  scopes: readonly string[];
  /** null: every page the account manages; else only these page ids. */
  pageIds: readonly string[] | null;
}

const LAST_USED_EVERY_MS = 60_000;

/** The key a request carries, or null when it carries none (a Bearer that is not a vt_ key is no key: the operator's routes read their own). */
export function bearerKey(req: Pick<Request, "headers">): string | null {
  const match = /^Bearer\s+(vt_\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  return match?.[1]?.startsWith(API_KEY_PREFIX) ? match[1] : null;
}

/** The key's row (by its hash) and its account as a session, or null. */
async function sessionFromKeyHash(keyHash: string) {
  const row = await db.apiKey.findUnique({ where: { keyHash }, include: { user: { include: withFirstPage } } });
  if (!row) return null;
  const { user, ...key } = row;
  return { row: key, session: { sid: `key:${row.id}`, user: toUserDtoFirstPage(user) } satisfies CurrentSession };
}

/** The key's account as a session, and the key: an unknown or deleted key → 401. */
export async function resolveKey(key: string): Promise<{ session: CurrentSession; key: KeyAccess }> {
  const found = await sessionFromKeyHash(hashToken(key));
  if (!found) throw new AppError("unauthorized");
  const { row, session } = found;
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await db.apiKey.updateMany({ where: { id: row.id }, data: { lastUsedAt: new Date(now) } });
  }
  return { session, key: { id: row.id, scopes: row.scopes, pageIds: row.allPages ? null : row.pageIds } };
}

/** A key's call counted against its account's 120 a minute: one budget across all the account's keys (more keys buy no more calls). */
export const countKeyCall = (userId: string): Promise<LimitState> => hit(`apikey:user:${userId}`, API_KEY_LIMIT);

/** The RateLimit-* headers of a keyed answer. */
export function rateLimitHeaders(state: LimitState): Record<string, string> {
  return {
    "RateLimit-Limit": String(API_KEY_LIMIT.limit),
    "RateLimit-Remaining": String(Math.max(0, API_KEY_LIMIT.limit - state.count)),
    "RateLimit-Reset": String(state.retryAfterSeconds),
  };
}

/** 403 `A chave não tem permissão para isso`: a route a key may not call, or a scope the key lacks. */
export const keyForbidden = () => new AppError("forbidden", { message: apiStrings.keyForbidden });

/** The key's scopes hold `permission` (lib/permissions/api-scopes.ts); none named: a route no key may call. */
export function requireScope(key: KeyAccess, permission: Permission | undefined): void {
  if (!permission || !scopesAllow(key.scopes, permission)) throw keyForbidden();
}
