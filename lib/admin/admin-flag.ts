import "server-only";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";

export const LAST_ADMIN_MESSAGE = "Não é possível remover o último administrador";

/**
 * Sets a user's administrator flag. Removing it from the last administrator
 * is refused; the check and the change are one serialised transaction, so two
 * admins cannot demote each other at once and leave none.
 */
export async function setAdminFlag(userId: string, isAdmin: boolean) {
  return db.$transaction(async (tx) => {
    // Lock every admin row (and the target) so concurrent demotions serialise.
    await tx.$queryRaw`SELECT id FROM "User" WHERE "isAdmin" = true OR id = ${userId} FOR UPDATE`;
    const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true, isAdmin: true, email: true, username: true } });
    if (!user) throw new AppError("not_found");
    if (user.isAdmin && !isAdmin) {
      const admins = await tx.user.count({ where: { isAdmin: true } });
      if (admins <= 1) throw new AppError("invalid_input", { message: LAST_ADMIN_MESSAGE });
    }
    return tx.user.update({ where: { id: userId }, data: { isAdmin }, select: { id: true, isAdmin: true, email: true, username: true } });
  });
}
