import "server-only";
import { db } from "@/lib/server/db";
import { isReservedUsername, lowercaseAscii } from "./username";

/** False when the name is reserved or already taken (names are stored lowercase). */
export async function isUsernameAvailable(username: string): Promise<boolean> {
  const name = lowercaseAscii(username);
  if (isReservedUsername(name)) return false;
  const taken = await db.page.findUnique({ where: { username: name }, select: { id: true } });
  return !taken;
}
