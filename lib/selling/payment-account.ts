import "server-only";
import { randomBytes } from "node:crypto";
import { seal, unseal } from "@/lib/email/seal";
import { pageAccess } from "@/lib/pages/page-access";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { publicOrigin } from "@/lib/server/public-url";
import { hashToken } from "@/lib/server/token-hash";
import { sellingStrings } from "@/lib/strings/selling";
import { MercadoPagoError, exchangeCode, type SellerTokens } from "./mercadopago-client";
import { requireSelling } from "./selling-config";
import { renewAccountToken, type StoredAccount } from "./token-renewal";

// A page's Mercado Pago account (api.md, Selling with Pix): connected by
// Mercado Pago's OAuth, the marketplace way. The `state` of a connection names
// the page and the member, lasts 10 minutes and is good once; only its SHA-256
// is stored. The seller's tokens are sealed at rest (AES-256-GCM under
// AUTH_SECRET, lib/email/seal.ts) and never leave this module but as the
// access token sellerAccess hands to a call to Mercado Pago.

export const CONNECT_STATE_TTL_MS = 10 * 60_000;
/** An access token expiring sooner than this is renewed before it is used. */
export const RENEW_BEFORE_USE_MS = 5 * 60_000;

const invalidConnection = () => new AppError("invalid_input", { message: sellingStrings.invalidConnection });

/** Where Mercado Pago sends the seller back: the same address in the authorisation and in the code's exchange. */
export const connectCallbackUrl = (): string => `${publicOrigin()}/api/payments/callback`;

/** A new connection of `pageId` by `userId`: Mercado Pago's authorisation address, carrying a fresh state. */
export async function startConnection(pageId: string, userId: string, now = new Date()): Promise<string> {
  const { authUrl, clientId } = requireSelling();
  const state = randomBytes(32).toString("base64url");
  await db.paymentConnectState.create({ data: { stateHash: hashToken(state), pageId, userId, expiresAt: new Date(now.getTime() + CONNECT_STATE_TTL_MS) } });
  const url = new URL(`${authUrl}/authorization`);
  url.search = new URLSearchParams({ client_id: clientId, response_type: "code", platform_id: "mp", state, redirect_uri: connectCallbackUrl() }).toString();
  return url.toString();
}

/**
 * Mercado Pago's redirect back: the state is consumed (by its member only: a
 * state another member holds is refused without spending it), the member's
 * right is asked again, and the code is exchanged. Returns the page.
 */
export async function finishConnection(
  userId: string,
  input: { code?: string | null; state?: string | null },
  now = new Date(),
): Promise<{ id: string; username: string }> {
  if (!input.state) throw invalidConnection();
  const stateHash = hashToken(input.state);
  const found = await db.paymentConnectState.findUnique({ where: { stateHash }, select: { pageId: true, userId: true, expiresAt: true } });
  if (!found || found.userId !== userId) throw invalidConnection();
  // Good once: of two callbacks with one state, one deletes it.
  const spent = await db.paymentConnectState.deleteMany({ where: { stateHash, userId } });
  if (spent.count === 0 || found.expiresAt <= now) throw invalidConnection();
  const page = await pageAccess(userId, { id: found.pageId }, "payments.manage");
  if (!input.code) throw invalidConnection();
  let tokens: SellerTokens;
  try {
    tokens = await exchangeCode(input.code, connectCallbackUrl());
  } catch (error) {
    if (!(error instanceof MercadoPagoError)) throw error;
    // A used or unknown code is the seller's to retry; Mercado Pago down is not.
    if (error.refused) throw invalidConnection();
    throw new AppError("bad_gateway", { message: sellingStrings.connectUnavailable });
  }
  await storeAccount(page.id, userId, tokens, now);
  return { id: page.id, username: page.username };
}

/** Keeps (or replaces) the page's account with `tokens`, sealed. */
export async function storeAccount(pageId: string, userId: string, tokens: SellerTokens, now = new Date()): Promise<void> {
  const data = {
    sellerId: tokens.sellerId,
    accessToken: seal(tokens.accessToken),
    refreshToken: seal(tokens.refreshToken),
    publicKey: tokens.publicKey,
    liveMode: tokens.liveMode,
    expiresAt: new Date(now.getTime() + tokens.expiresInSeconds * 1000),
    connectedAt: now,
    connectedById: userId,
  };
  await db.paymentAccount.upsert({ where: { pageId }, create: { pageId, ...data }, update: data });
}

export interface AccountSummary {
  connected: boolean;
  sellerId: string | null;
  connectedAt: string | null;
}

/** GET /api/payments/account: whether the page sells, never a token. */
export async function accountSummary(pageId: string): Promise<AccountSummary> {
  const account = await db.paymentAccount.findUnique({ where: { pageId }, select: { sellerId: true, connectedAt: true } });
  return { connected: Boolean(account), sellerId: account?.sellerId ?? null, connectedAt: account?.connectedAt.toISOString() ?? null };
}

/** True when the page has a connected account (its products show 'Comprar', else 'Venda pausada'). */
export async function isConnected(pageId: string): Promise<boolean> {
  return (await db.paymentAccount.count({ where: { pageId } })) > 0;
}

/** The owner disconnects: selling stops at once; products stay. */
export async function disconnectAccount(pageId: string): Promise<void> {
  await db.paymentAccount.deleteMany({ where: { pageId } });
}

const STORED = { pageId: true, accessToken: true, refreshToken: true, expiresAt: true } as const;

/**
 * A valid access token of the page's seller, or null when the page has no
 * account (or Mercado Pago refused to renew it: then it is disconnected and
 * its owners told). A token expiring within 5 minutes is renewed first; when
 * Mercado Pago cannot be reached then, the current token is used while it
 * lasts, and a MercadoPagoError is thrown once it has expired.
 */
export async function sellerAccess(pageId: string, now = new Date()): Promise<string | null> {
  const account: StoredAccount | null = await db.paymentAccount.findUnique({ where: { pageId }, select: STORED });
  if (!account) return null;
  if (account.expiresAt.getTime() - now.getTime() > RENEW_BEFORE_USE_MS) return unseal(account.accessToken);
  try {
    const outcome = await renewAccountToken(account, now);
    if (outcome === "disconnected") return null;
  } catch (error) {
    if (error instanceof MercadoPagoError && account.expiresAt > now) return unseal(account.accessToken);
    throw error;
  }
  // Renewed here or by another caller meanwhile: the row holds the token now good.
  const current = await db.paymentAccount.findUnique({ where: { pageId }, select: { accessToken: true } });
  return current ? unseal(current.accessToken) : null;
}
