import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/server/db";
import type { AuditAction, AuditPage, AuditPerson } from "./audit-types";

// One audit row per administrator, moderation or team action, written in the
// same transaction as the change it records.

const auditPerson = (u: AuditPerson): AuditPerson => ({ name: u.name, username: u.username, email: u.email });

/**
 * `target` is the person the action concerned (AuditLog.targetId), `extra.page`
 * the page (AuditLog.pageId). A page action with no person (a deactivation, an
 * appeal) shows the page as its target: its name and username, no e-mail.
 * `note` carries what the action was about beyond that: a reason, a domain.
 */
export async function writeAudit(
  tx: Pick<Tx, "auditLog">,
  actor: AuditPerson & { id: string },
  action: AuditAction,
  target: (AuditPerson & { id: string }) | null,
  extra: { note?: string | null; reportId?: string; page?: AuditPage } = {},
): Promise<void> {
  const page = extra.page ? { name: extra.page.name, username: extra.page.username } : null;
  const shown = target ? auditPerson(target) : page ? { ...page, email: "" } : null;
  const details: Prisma.InputJsonObject = {
    actor: auditPerson(actor),
    ...(shown ? { target: shown } : {}),
    ...(page ? { page } : {}),
    ...(extra.note ? { note: extra.note } : {}),
    ...(extra.reportId ? { reportId: extra.reportId } : {}),
  };
  await tx.auditLog.create({ data: { actorId: actor.id, action, targetId: target?.id ?? null, pageId: extra.page?.id ?? null, details } });
}
