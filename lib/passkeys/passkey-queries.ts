import "server-only";
import { db } from "@/lib/server/db";

/** A passkey as its owner sees it (never its key). */
export interface PasskeyDto {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export const passkeySelect = { id: true, name: true, createdAt: true, lastUsedAt: true } as const;

export function toPasskeyDto(row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): PasskeyDto {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

/** GET /api/passkeys: the account's passkeys, oldest first. */
export async function listPasskeys(userId: string): Promise<PasskeyDto[]> {
  const rows = await db.passkey.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: passkeySelect });
  return rows.map(toPasskeyDto);
}
