import "server-only";
import { db } from "@/lib/server/db";
import type { ApiKey } from "@/lib/generated/prisma/client";

export interface ApiKeyDto {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  /** Usernames the key is restricted to; null: every page the account manages. */
  pages: string[] | null;
  createdAt: string;
  lastUsedAt: string | null;
}

export function toApiKeyDto(row: ApiKey, usernames: Map<string, string>): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    // A page deleted since is left out of the list (the key stays restricted).
    pages: row.allPages ? null : row.pageIds.flatMap((id) => (usernames.has(id) ? [usernames.get(id)!] : [])),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** GET /api/keys: the account's keys, newest first, never the key itself. */
export async function listApiKeys(userId: string): Promise<ApiKeyDto[]> {
  const rows = await db.apiKey.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  const ids = [...new Set(rows.flatMap((r) => r.pageIds))];
  const pages = ids.length ? await db.page.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } }) : [];
  const usernames = new Map(pages.map((p) => [p.id, p.username]));
  return rows.map((row) => toApiKeyDto(row, usernames));
}
