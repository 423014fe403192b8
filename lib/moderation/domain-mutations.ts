import "server-only";
import type { UserDto } from "@/lib/accounts/user-dto";
import { writeAudit } from "@/lib/audit/audit-log";
import { onEveryProfileChanged } from "@/lib/profile-cache/profile-cache";
import { db } from "@/lib/server/db";
import { AppError, prismaCode } from "@/lib/server/errors";
import { moderationStrings } from "@/lib/strings/moderation";
import type { BlockedDomainRow } from "./moderation-types";

const strings = { moderation: moderationStrings };

// The blocked-domain list. Any page may hold a link to the domain, so a change
// drops every cached page, here and (through NOTIFY) on every other instance.

const toRow = (r: { domain: string; createdAt: Date }): BlockedDomainRow => ({ domain: r.domain, createdAt: r.createdAt.toISOString() });

export async function listBlockedDomains(): Promise<BlockedDomainRow[]> {
  const rows = await db.blockedDomain.findMany({ orderBy: [{ createdAt: "desc" }, { domain: "asc" }] });
  return rows.map(toRow);
}

/** POST /api/admin/blocked-domains; 409 when it is already listed. */
export async function blockDomain(actor: UserDto, domain: string): Promise<BlockedDomainRow> {
  let row;
  try {
    row = await db.$transaction(async (tx) => {
      const created = await tx.blockedDomain.create({ data: { domain } });
      await writeAudit(tx, actor, "domain.block", null, { note: domain });
      return created;
    });
  } catch (error) {
    if (prismaCode(error) !== "P2002") throw error;
    const message = strings.moderation.api.domainExists;
    throw new AppError("conflict", { message, errors: { domain: message } });
  }
  await onEveryProfileChanged();
  return toRow(row);
}

/** DELETE /api/admin/blocked-domains/:domain; 404 when it is not listed. */
export async function unblockDomain(actor: UserDto, domain: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const removed = await tx.blockedDomain.deleteMany({ where: { domain } });
    if (!removed.count) throw new AppError("not_found");
    await writeAudit(tx, actor, "domain.unblock", null, { note: domain });
  });
  await onEveryProfileChanged();
}
