import "server-only";
import { db } from "@/lib/server/db";

/** False for an account that only signs in through Google (api.md: it sets a password without the current one). */
export async function userHasPassword(userId: string): Promise<boolean> {
  const row = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  return Boolean(row?.passwordHash);
}
