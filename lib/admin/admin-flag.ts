import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { MEMBERSHIP_ORDER } from "@/lib/pages/page-access";

export const LAST_ADMIN_MESSAGE = "Não é possível remover o último administrador";

/** The client handed to a `db.$transaction(async (tx) => ...)` callback. */
import type { Tx } from "@/lib/server/db";
export type { Tx };

const SELECT = {
  id: true,
  isAdmin: true,
  email: true,
  name: true,
  // The first page's username: what the panel and the audit log show beside the name.
  memberships: { orderBy: [...MEMBERSHIP_ORDER] as Prisma.PageMemberOrderByWithRelationInput[], take: 1, select: { page: { select: { username: true } } } },
} as const;

type Row = { id: string; isAdmin: boolean; email: string; name: string; memberships: { page: { username: string } }[] };

/** The account as the admin answers and audit rows name it (username: its first page's, "" with none). */
const flat = ({ memberships, ...user }: Row) => ({ ...user, username: memberships[0]?.page.username ?? "" });

/**
 * Changes a user's administrator flag inside the caller's transaction:
 * `next` gets the current flag (read under lock) and returns the new one.
 * Removing it from the last administrator is refused. Every admin row (and
 * the target) is locked first, so two admins cannot demote each other at
 * once and leave none.
 */
export async function changeAdminFlag(tx: Tx, userId: string, next: (current: boolean) => boolean) {
  await tx.$queryRaw`SELECT id FROM "User" WHERE "isAdmin" = true OR id = ${userId} FOR UPDATE`;
  const user = await tx.user.findUnique({ where: { id: userId }, select: SELECT });
  if (!user) throw new AppError("not_found");
  const isAdmin = next(user.isAdmin);
  if (user.isAdmin && !isAdmin) {
    const admins = await tx.user.count({ where: { isAdmin: true } });
    if (admins <= 1) throw new AppError("invalid_input", { message: LAST_ADMIN_MESSAGE });
  }
  if (isAdmin === user.isAdmin) return flat(user);
  return flat(await tx.user.update({ where: { id: userId }, data: { isAdmin }, select: SELECT }));
}

/**
 * Sets a user's administrator flag in its own transaction (the admin CLI),
 * with an audit row whose actor is the command line (no user).
 */
export async function setAdminFlag(userId: string, isAdmin: boolean) {
  return db.$transaction(async (tx) => {
    const before = await tx.user.findUnique({ where: { id: userId }, select: { isAdmin: true } });
    const user = await changeAdminFlag(tx, userId, () => isAdmin);
    if (before && before.isAdmin !== user.isAdmin) {
      await tx.auditLog.create({
        data: {
          actorId: null,
          action: isAdmin ? "admin.grant" : "admin.revoke",
          targetId: user.id,
          details: {
            actor: { name: "Linha de comando (npm run admin)", username: "", email: "" },
            target: { name: user.name, username: user.username, email: user.email },
          },
        },
      });
    }
    return user;
  });
}
