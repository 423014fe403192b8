import { storeAccount } from "@/lib/selling/payment-account";
import { resetEnvCache } from "@/lib/server/env";
import { STAND_IN_DEFAULTS, startMercadoPagoStandIn, type MercadoPagoStandIn } from "./mercadopago-stand-in.mjs";

// Selling on, against the Mercado Pago stand-in (tests/helpers/mercadopago-stand-in.mjs, whose
// control API its top describes), for a whole test file: the MERCADOPAGO_* variables name the
// stand-in, outgoing requests may reach loopback, and each test starts with the stand-in empty.

const VARIABLES = [
  "MERCADOPAGO_CLIENT_ID",
  "MERCADOPAGO_CLIENT_SECRET",
  "MERCADOPAGO_WEBHOOK_SECRET",
  "MERCADOPAGO_API_URL",
  "MERCADOPAGO_AUTH_URL",
  "MERCADOPAGO_TIMEOUT_MS",
  "PLATFORM_FEE_PERCENT",
  "ALLOW_PRIVATE_OUTBOUND",
  "NEXT_PUBLIC_APP_URL",
] as const;

/** The public address selling tests run under (notification and callback addresses are built on it). */
export const SELLING_APP_URL = "https://vitrine.test";

/**
 * Starts the stand-in before the file's tests and points the app at it
 * (`timeoutMs`: MERCADOPAGO_TIMEOUT_MS, short so a hang ends fast; `feePercent`:
 * PLATFORM_FEE_PERCENT). `holder.current` is the stand-in.
 */
export function useMercadoPagoStandIn(options: { timeoutMs?: number; feePercent?: number } = {}): { current: MercadoPagoStandIn } {
  const holder = {} as { current: MercadoPagoStandIn };
  const saved: Partial<Record<(typeof VARIABLES)[number], string | undefined>> = {};
  beforeAll(async () => {
    holder.current = await startMercadoPagoStandIn();
    for (const name of VARIABLES) saved[name] = process.env[name];
  });
  beforeEach(() => {
    holder.current.reset();
    sellingOn(holder.current, options);
  });
  afterAll(async () => {
    for (const name of VARIABLES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnvCache();
    await holder.current?.close();
  });
  return holder;
}

/** Sets the variables that turn selling on against `standIn`. */
export function sellingOn(standIn: MercadoPagoStandIn, options: { timeoutMs?: number; feePercent?: number } = {}): void {
  Object.assign(process.env, {
    MERCADOPAGO_CLIENT_ID: STAND_IN_DEFAULTS.clientId,
    MERCADOPAGO_CLIENT_SECRET: STAND_IN_DEFAULTS.clientSecret,
    MERCADOPAGO_WEBHOOK_SECRET: STAND_IN_DEFAULTS.webhookSecret,
    MERCADOPAGO_API_URL: standIn.origin,
    MERCADOPAGO_AUTH_URL: standIn.origin,
    MERCADOPAGO_TIMEOUT_MS: String(options.timeoutMs ?? 3_000),
    PLATFORM_FEE_PERCENT: String(options.feePercent ?? 0),
    ALLOW_PRIVATE_OUTBOUND: "1",
    NEXT_PUBLIC_APP_URL: SELLING_APP_URL,
  });
  resetEnvCache();
}

/** Turns selling off (the three variables unset), as an operator who never set it up. */
export function sellingOff(): void {
  for (const name of ["MERCADOPAGO_CLIENT_ID", "MERCADOPAGO_CLIENT_SECRET", "MERCADOPAGO_WEBHOOK_SECRET"]) delete process.env[name];
  resetEnvCache();
}

/**
 * Connects page `pageId` to a seller of the stand-in, as a finished OAuth
 * connection leaves it (tokens the stand-in accepts, sealed in the row).
 * Returns the tokens.
 */
export async function connectSeller(
  standIn: MercadoPagoStandIn,
  pageId: string,
  userId: string,
  options: { sellerId?: string; expiresInSeconds?: number } = {},
) {
  const t = standIn.issueTokens(options);
  await storeAccount(pageId, userId, {
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    sellerId: String(t.user_id),
    expiresInSeconds: t.expires_in,
    publicKey: t.public_key,
    liveMode: t.live_mode,
  });
  return t;
}
