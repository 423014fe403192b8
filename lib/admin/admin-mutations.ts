import "server-only";
import type { UserDto } from "@/lib/accounts/user-dto";
import { onProfileChanged } from "@/lib/profile/profile-cache";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { strings } from "@/lib/strings";
import { changeAdminFlag, type Tx } from "./admin-flag";
import type { AuditAction, AuditPerson } from "./admin-types";

// Administrator actions. Each change and its audit row are one transaction:
// there is never a change without its record, nor a record without its change.

const person = (u: AuditPerson): AuditPerson => ({ name: u.name, username: u.username, email: u.email });

async function audit(tx: Tx, actor: UserDto, action: AuditAction, target: AuditPerson & { id: string }) {
  await tx.auditLog.create({
    data: { actorId: actor.id, action, targetId: target.id, details: { actor: person(actor), target: person(target) } },
  });
}

/** Flips a page's status (page id = its owner's id); deactivated pages vanish from the public. */
export async function togglePageStatus(actor: UserDto, pageId: string): Promise<{ id: string; active: boolean }> {
  const result = await db.$transaction(async (tx) => {
    // Locked, so two admins toggling at once give two flips, never a lost one.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${pageId} FOR UPDATE`;
    const page = await tx.user.findUnique({
      where: { id: pageId },
      select: { id: true, name: true, username: true, email: true, pageActive: true },
    });
    if (!page) throw new AppError("not_found");
    const active = !page.pageActive;
    await tx.user.update({ where: { id: pageId }, data: { pageActive: active } });
    await audit(tx, actor, active ? "page.activate" : "page.deactivate", page);
    return { id: page.id, active };
  });
  // The public page and its links appear or vanish at once, on every instance.
  await onProfileChanged(pageId);
  return result;
}

/** Grants or removes the administrator flag; never one's own, never the last admin's. */
export async function toggleAdminFlag(actor: UserDto, userId: string): Promise<{ id: string; isAdmin: boolean }> {
  if (userId === actor.id) throw new AppError("invalid_input", { message: strings.admin.api.selfChange });
  return db.$transaction(async (tx) => {
    const user = await changeAdminFlag(tx, userId, (current) => !current);
    await audit(tx, actor, user.isAdmin ? "admin.grant" : "admin.revoke", user);
    return { id: user.id, isAdmin: user.isAdmin };
  });
}
