import "server-only";
import { randomBytes } from "node:crypto";
import { db, type Tx } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import type { CurrentSession } from "@/lib/server/session";
import { hashToken } from "@/lib/server/token-hash";
import { apiStrings } from "@/lib/strings/api";
import { API_KEY_PREFIX } from "@/lib/permissions/api-scopes";
import type { CreateApiKeyInput } from "./api-key-schemas";
import { toApiKeyDto, type ApiKeyDto } from "./api-key-queries";

// Keys are made and deleted by their account's session only (the routes
// refuse keys). Only the SHA-256 of a key is stored: a 256-bit random token
// needs no slow hash (lib/server/token-hash.ts).

/** Keys an account may hold at once (api.md, "Fifth release, put right"). */
export const API_KEYS_PER_ACCOUNT = 10;

/** The ids of the pages `usernames` the account is a member of, in order: one it is not → 400. */
async function memberPageIds(tx: Tx, userId: string, usernames: string[]): Promise<string[]> {
  if (!usernames.length) return [];
  const members = await tx.pageMember.findMany({
    where: { userId, page: { username: { in: usernames } } },
    select: { page: { select: { id: true, username: true } } },
  });
  const found = new Map(members.map((m) => [m.page.username, m.page.id]));
  if (usernames.some((u) => !found.has(u))) throw new AppError("invalid_input", { errors: { pages: apiStrings.unknownPage } });
  return usernames.map((u) => found.get(u)!);
}

/**
 * POST /api/keys: the new key, shown in this answer only. Needs a verified
 * e-mail (403) and a free place among the account's 10 (409).
 */
export async function createApiKey(session: Pick<CurrentSession, "sid" | "user">, input: CreateApiKeyInput): Promise<ApiKeyDto & { key: string }> {
  const userId = session.user.id;
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  const usernames = [...new Set(input.pages ?? [])];
  const { row, pageIds } = await db.$transaction(async (tx) => {
    // The account's row locked: two requests cannot both take the last place,
    // and a takeover or a reset (which lock it too) either ran before, and
    // then this session is gone, or runs after and deletes this key.
    const [user] = await tx.$queryRaw<{ verified: boolean }[]>`
      SELECT "emailVerified" IS NOT NULL AS "verified" FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
    if (!user || !(await tx.session.count({ where: { id: session.sid, userId } }))) throw new AppError("unauthorized");
    if (!user.verified) throw new AppError("forbidden", { message: apiStrings.keyNeedsVerifiedEmail });
    if ((await tx.apiKey.count({ where: { userId } })) >= API_KEYS_PER_ACCOUNT) throw new AppError("conflict", { message: apiStrings.keyLimitReached });
    const pageIds = await memberPageIds(tx, userId, usernames);
    const row = await tx.apiKey.create({
      data: {
        userId,
        name: input.name,
        prefix: key.slice(0, API_KEY_PREFIX.length + 8),
        keyHash: hashToken(key),
        scopes: input.scopes,
        allPages: pageIds.length === 0,
        pageIds,
      },
    });
    return { row, pageIds };
  });
  const pages = new Map(usernames.map((u, i) => [pageIds[i]!, u]));
  return { ...toApiKeyDto(row, pages), key };
}

/** DELETE /api/keys/{id}: another account's key is a 404. Refused at once everywhere: every call reads the key's row. */
export async function deleteApiKey(userId: string, id: string): Promise<void> {
  const { count } = await db.apiKey.deleteMany({ where: { id, userId } });
  if (count === 0) throw new AppError("not_found");
}
