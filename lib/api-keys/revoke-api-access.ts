import "server-only";
import type { Tx } from "@/lib/server/db";

/**
 * Everything that reaches the account from outside without a password: every
 * API key deleted, and every webhook endpoint it created turned off. Run in
 * the transaction of the change that proves someone else may have held the
 * account (a Google takeover of its address, a password reset), so that
 * whoever held it keeps no way in and no stream of the page's events.
 */
export async function revokeApiAccess(tx: Tx, userId: string): Promise<void> {
  await tx.apiKey.deleteMany({ where: { userId } });
  await tx.webhookEndpoint.updateMany({ where: { createdById: userId, active: true }, data: { active: false } });
}
