import "server-only";
import { env, type Env } from "@/lib/server/env";
import { AppError, toErrorResponse } from "@/lib/server/errors";
import { json } from "@/lib/server/http";
import { log } from "@/lib/server/log";

// Whether this instance sells (api.md, Selling with Pix): only where the
// operator names its Mercado Pago application. Everything of the feature asks
// here first: its endpoints answer 404 and no screen offers selling without it.

export interface SellingConfig {
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  /** Mercado Pago's API, no trailing slash (https://api.mercadopago.com). */
  apiUrl: string;
  /** Where a seller authorises the application (https://auth.mercadopago.com.br). */
  authUrl: string;
  /** The operator's share of a sale, in percent (0 to 20). */
  feePercent: number;
  /** Milliseconds a call to Mercado Pago may take. */
  timeoutMs: number;
}

const REQUIRED = ["MERCADOPAGO_CLIENT_ID", "MERCADOPAGO_CLIENT_SECRET", "MERCADOPAGO_WEBHOOK_SECRET"] as const;
let warned = false;

/** The operator's Mercado Pago settings, or null where selling is off (any of the three variables unset). */
export function sellingConfig(e: Env = env()): SellingConfig | null {
  const missing = REQUIRED.filter((name) => !e[name]);
  if (missing.length) {
    // Half a configuration is a mistake worth saying once; none at all is the default.
    if (missing.length < REQUIRED.length && !warned) {
      warned = true;
      log.warn("selling.config_incomplete", { missing: missing.join(","), hint: "selling stays off until all three are set" });
    }
    return null;
  }
  return {
    clientId: e.MERCADOPAGO_CLIENT_ID!,
    clientSecret: e.MERCADOPAGO_CLIENT_SECRET!,
    webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET!,
    apiUrl: e.MERCADOPAGO_API_URL,
    authUrl: e.MERCADOPAGO_AUTH_URL,
    feePercent: e.PLATFORM_FEE_PERCENT,
    timeoutMs: e.MERCADOPAGO_TIMEOUT_MS,
  };
}

/** The settings; 404 where selling is off (a feature function reached some other way). */
export function requireSelling(): SellingConfig {
  const config = sellingConfig();
  if (!config) throw new AppError("not_found");
  return config;
}

/**
 * A route handler that answers 404 before anything else (no session read, no
 * body) where selling is off. What the route declared (route()'s `declared`,
 * read by the API document) stays on the wrapped handler.
 */
export function whenSellingOn<H extends (req: Request, ...rest: never[]) => Promise<Response>>(handler: H): H {
  const wrapped = async (req: Request, ...rest: never[]): Promise<Response> => {
    if (!sellingConfig()) {
      const { status, body } = toErrorResponse(new AppError("not_found"));
      return json(body, { status });
    }
    return handler(req, ...rest);
  };
  return Object.assign(wrapped, { declared: (handler as { declared?: unknown }).declared }) as unknown as H;
}
