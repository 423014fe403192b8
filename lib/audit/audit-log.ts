import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/server/db";
import type { AuditAction, AuditPerson } from "./audit-types";

// One audit row per administrator or moderation action, written in the same
// transaction as the change it records.

const auditPerson = (u: AuditPerson): AuditPerson => ({ name: u.name, username: u.username, email: u.email });

/** `note` carries what the action was about beyond the person: a reason, a domain. */
export async function writeAudit(
  tx: Tx,
  actor: AuditPerson & { id: string },
  action: AuditAction,
  target: (AuditPerson & { id: string }) | null,
  extra: { note?: string | null; reportId?: string } = {},
): Promise<void> {
  const details: Prisma.InputJsonObject = {
    actor: auditPerson(actor),
    ...(target ? { target: auditPerson(target) } : {}),
    ...(extra.note ? { note: extra.note } : {}),
    ...(extra.reportId ? { reportId: extra.reportId } : {}),
  };
  await tx.auditLog.create({ data: { actorId: actor.id, action, targetId: target?.id ?? null, details } });
}
