import "server-only";
import { queueEmail } from "@/lib/email/outbox";
import { seal, unseal } from "@/lib/email/seal";
import { rolesWith } from "@/lib/permissions/page-permissions";
import { db } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { publicOrigin } from "@/lib/server/public-url";
import { sellingStrings } from "@/lib/strings/selling";
import { MercadoPagoError, refreshToken } from "./mercadopago-client";

// Renewing a seller's access token (grant_type=refresh_token), by the jobs
// before it expires and by sellerAccess when one is about to. No lock is held
// across the call to Mercado Pago: the row is written only if its refresh
// token is still the one that was sent (each seal is unique, so the sealed
// text is the row's version). Of two renewals at once one writes, the other
// finds the row changed; a refusal of a refresh token someone else already
// replaced is theirs, not the seller's, and disconnects nothing.

/** The columns a renewal reads. */
export interface StoredAccount {
  pageId: string;
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

/** renewed: this call wrote new tokens; superseded: another did meanwhile; disconnected: Mercado Pago refused, the account is gone. */
export type Renewal = "renewed" | "superseded" | "disconnected";

/** Renews `account`'s tokens. Throws MercadoPagoError when Mercado Pago could not answer (the account is kept). */
export async function renewAccountToken(account: StoredAccount, now = new Date()): Promise<Renewal> {
  try {
    const tokens = await refreshToken(unseal(account.refreshToken));
    const saved = await db.paymentAccount.updateMany({
      where: { pageId: account.pageId, refreshToken: account.refreshToken },
      data: {
        sellerId: tokens.sellerId,
        accessToken: seal(tokens.accessToken),
        refreshToken: seal(tokens.refreshToken),
        publicKey: tokens.publicKey,
        liveMode: tokens.liveMode,
        expiresAt: new Date(now.getTime() + tokens.expiresInSeconds * 1000),
      },
    });
    return saved.count ? "renewed" : "superseded";
  } catch (error) {
    if (!(error instanceof MercadoPagoError) || !error.refused) throw error;
    return (await disconnectRefused(account)) ? "disconnected" : "superseded";
  }
}

/** Mercado Pago refused the refresh: the account goes, and the page's owners are told, in one transaction. */
async function disconnectRefused(account: StoredAccount): Promise<boolean> {
  const told = await db.$transaction(async (tx) => {
    const gone = await tx.paymentAccount.deleteMany({ where: { pageId: account.pageId, refreshToken: account.refreshToken } });
    if (!gone.count) return null;
    const page = await tx.page.findUniqueOrThrow({
      where: { id: account.pageId },
      select: {
        name: true,
        username: true,
        members: { where: { role: { in: rolesWith("payments.manage") } }, select: { user: { select: { id: true, name: true, email: true } } } },
      },
    });
    const t = sellingStrings.mail;
    const pageName = page.name || page.username;
    for (const { user } of page.members) {
      await queueEmail(tx, {
        userId: user.id,
        to: user.email,
        subject: t.disconnectedSubject(pageName),
        text: [
          `Olá, ${user.name}!`,
          "",
          t.disconnectedText(pageName),
          "",
          `${publicOrigin()}/dashboard/vendas?page=${page.username}`,
          "",
          "Equipe Vitrine",
          "",
        ].join("\n"),
      });
    }
    return page.members.length;
  });
  if (told === null) return false;
  log.info("selling.disconnected", { pageId: account.pageId, owners: told });
  return true;
}
