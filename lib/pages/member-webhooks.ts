import "server-only";
import { queueEmail } from "@/lib/email/outbox";
import { rolesWith } from "@/lib/permissions/page-permissions";
import type { Tx } from "@/lib/server/db";
import { apiStrings } from "@/lib/strings/api";

/** Why a member lost the right to a page's webhooks: they left the team (removed or left), their role no longer has it, or their account was deleted. */
export type LostRight = "left" | "role" | "deleted";

/**
 * A member who loses the right to manage a page's webhooks loses the
 * endpoints they created on it: turned off at once, in the transaction of
 * the change, and every other owner of each page told which and why (only
 * when at least one was on). Without `pageId`, on every page (account
 * deletion: run before the user row goes, which would clear createdById;
 * the message then names no one).
 */
export async function turnOffMemberWebhooks(tx: Tx, memberId: string, why: LostRight, pageId?: string): Promise<void> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { createdById: memberId, active: true, ...(pageId ? { pageId } : {}) },
    select: { id: true, url: true, pageId: true, page: { select: { username: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (!endpoints.length) return;
  await tx.webhookEndpoint.updateMany({ where: { id: { in: endpoints.map((e) => e.id) } }, data: { active: false } });
  const member = await tx.user.findUniqueOrThrow({ where: { id: memberId }, select: { name: true, email: true } });
  const byPage = new Map<string, typeof endpoints>();
  for (const e of endpoints) byPage.set(e.pageId, [...(byPage.get(e.pageId) ?? []), e]);
  for (const [page, off] of byPage) {
    const owners = await tx.pageMember.findMany({
      where: { pageId: page, role: { in: rolesWith("page.delete") }, userId: { not: memberId } },
      select: { user: { select: { id: true, email: true } } },
    });
    const text = apiStrings.memberEndpointsOffText(
      off[0]!.page.username,
      off.map((e) => e.url),
      why,
      `${member.name} (${member.email})`,
    );
    for (const { user } of owners) await queueEmail(tx, { userId: user.id, to: user.email, subject: apiStrings.memberEndpointsOffSubject, text });
  }
}
