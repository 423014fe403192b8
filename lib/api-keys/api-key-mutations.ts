import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { hashToken } from "@/lib/server/token-hash";
import { apiStrings } from "@/lib/strings/api";
import { API_KEY_PREFIX } from "@/lib/permissions/api-scopes";
import type { CreateApiKeyInput } from "./api-key-schemas";
import { toApiKeyDto, type ApiKeyDto } from "./api-key-queries";

// Keys are made and deleted by their account's session only (the routes
// refuse keys). Only the SHA-256 of a key is stored: a 256-bit random token
// needs no slow hash (lib/server/token-hash.ts).

/** POST /api/keys: the new key, shown in this answer only. */
export async function createApiKey(userId: string, input: CreateApiKeyInput): Promise<ApiKeyDto & { key: string }> {
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  const usernames = [...new Set(input.pages ?? [])];
  let pageIds: string[] = [];
  if (usernames.length) {
    const members = await db.pageMember.findMany({ where: { userId, page: { username: { in: usernames } } }, select: { page: { select: { id: true, username: true } } } });
    const found = new Map(members.map((m) => [m.page.username, m.page.id]));
    const missing = usernames.filter((u) => !found.has(u));
    if (missing.length) throw new AppError("invalid_input", { errors: { pages: apiStrings.unknownPage } });
    pageIds = usernames.map((u) => found.get(u)!);
  }
  const row = await db.apiKey.create({
    data: { userId, name: input.name, prefix: key.slice(0, API_KEY_PREFIX.length + 8), keyHash: hashToken(key), scopes: input.scopes, allPages: pageIds.length === 0, pageIds },
  });
  const pages = new Map(usernames.map((u, i) => [pageIds[i]!, u]));
  return { ...toApiKeyDto(row, pages), key };
}

/** DELETE /api/keys/{id}: another account's key is a 404. Refused at once everywhere: every call reads the key's row. */
export async function deleteApiKey(userId: string, id: string): Promise<void> {
  const { count } = await db.apiKey.deleteMany({ where: { id, userId } });
  if (count === 0) throw new AppError("not_found");
}
