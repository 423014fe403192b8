import "server-only";
import { rolesWith } from "@/lib/permissions/page-permissions";
import type { UserDto } from "@/lib/accounts/user-dto";
import { queueDeactivationNotice, queueReactivationNotice } from "@/lib/moderation/moderation-emails";
import { onProfileChanged } from "@/lib/profile-cache/profile-cache";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { adminStrings } from "@/lib/strings/admin";
import { changeAdminFlag } from "./admin-flag";
import { writeAudit as audit } from "@/lib/audit/audit-log";

const strings = { admin: adminStrings };

// Administrator actions. Each change and its audit row are one transaction:
// there is never a change without its record, nor a record without its change.

/**
 * Flips a page's status (Page.active); deactivated pages vanish from the
 * public. A deactivation keeps its reason for the page's members; its owners
 * are told by e-mail (queued in the same transaction); a reactivation clears it.
 */
export async function togglePageStatus(actor: UserDto, pageId: string, reason: string | null = null): Promise<{ id: string; active: boolean }> {
  const result = await db.$transaction(async (tx) => {
    // Locked, so two admins toggling at once give two flips, never a lost one.
    await tx.$queryRaw`SELECT id FROM "Page" WHERE id = ${pageId} FOR UPDATE`;
    const page = await tx.page.findUnique({
      where: { id: pageId },
      select: {
        id: true,
        name: true,
        username: true,
        active: true,
        members: {
          where: { role: { in: rolesWith("page.delete") } },
          orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
          select: { user: { select: { id: true, name: true, email: true } } },
        },
      },
    });
    if (!page) throw new AppError("not_found");
    const active = !page.active;
    const kept = active ? null : reason;
    await tx.page.update({
      where: { id: pageId },
      data: { active, deactivationReason: kept, deactivatedAt: active ? null : new Date() },
    });
    await audit(tx, actor, active ? "page.activate" : "page.deactivate", null, { note: reason, page });
    for (const { user } of page.members) {
      const owner = { ...user, username: page.username };
      if (active) await queueReactivationNotice(tx, owner);
      else await queueDeactivationNotice(tx, owner, kept);
    }
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
