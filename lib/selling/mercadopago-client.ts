import "server-only";
import { z } from "zod";
import { log } from "@/lib/server/log";
import { OutboundError, safeFetch } from "@/lib/server/outbound";
import { requireSelling } from "./selling-config";

// A small typed client of Mercado Pago's API (its API reference: OAuth token,
// create, read and refund a payment). Not the official SDK: `mercadopago`
// 3.6.1 fixes its address (AppConfig.BASE_URL, a static readonly constant read
// by its RestClient) and retries 5xx answers with back-off by itself, so it
// cannot be pointed at MERCADOPAGO_API_URL nor held to one 10 s limit.
// Requests leave through the one outgoing door (lib/server/outbound.ts): time
// and size capped, no redirect followed. No token is ever logged or put in an
// error. Amounts: Mercado Pago takes reais as decimals (29.9); cents elsewhere.

/** Any failure of a call: a non-2xx answer, an answer that is not what the reference says, a time-out, a network failure. */
export class MercadoPagoError extends Error {
  override name = "MercadoPagoError";
  constructor(
    /** The answer's HTTP status; 0 when none came (time-out, network). */
    readonly status: number,
    /** Mercado Pago's `error` (invalid_grant, bad_request, …), or timeout, network, invalid_answer, http_{status}. */
    readonly code: string,
  ) {
    super(`Mercado Pago: ${status || "no answer"} ${code}`);
  }

  /** Mercado Pago said no (a 4xx other than 429): asking again the same way will not help. */
  get refused(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}

/** A seller's tokens, as the OAuth token endpoint answers them. */
export interface SellerTokens {
  accessToken: string;
  refreshToken: string;
  /** Mercado Pago's `user_id` of the seller. */
  sellerId: string;
  expiresInSeconds: number;
  publicKey: string | null;
  liveMode: boolean;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  user_id: z.union([z.number(), z.string()]).transform(String),
  expires_in: z.number().positive(),
  public_key: z.string().nullish(),
  live_mode: z.boolean().nullish(),
});

const payment = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  status_detail: z.string().nullish(),
  transaction_amount: z.number(),
  external_reference: z.string().nullish(),
  date_of_expiration: z.string().nullish(),
  point_of_interaction: z
    .object({ transaction_data: z.object({ qr_code: z.string().nullish(), qr_code_base64: z.string().nullish(), ticket_url: z.string().nullish() }).nullish() })
    .nullish(),
});
/** A payment as GET /v1/payments/{id} answers it (the fields we read; `id` as a string). */
export type MercadoPagoPayment = z.infer<typeof payment>;

const refund = z.object({ id: z.union([z.number(), z.string()]).transform(String), status: z.string().nullish() });
export type MercadoPagoRefund = z.infer<typeof refund>;

export interface PixPaymentInput {
  /** X-Idempotency-Key: the same key twice creates one payment (the order's id). */
  idempotencyKey: string;
  amountCents: number;
  description: string;
  payer: { email: string; first_name: string; identification?: { type: "CPF"; number: string } };
  externalReference: string;
  notificationUrl: string;
  expiresAt: Date;
  /** The operator's share (marketplace `application_fee`); 0: none sent. */
  applicationFeeCents: number;
}

/** Cents as the reais Mercado Pago takes (2990 → 29.9). */
export const toReais = (cents: number): number => Math.round(cents) / 100;
/** Reais from Mercado Pago as cents (29.9 → 2990). */
export const toCents = (reais: number): number => Math.round(reais * 100);

/** The authorisation code of a seller's consent → their tokens (POST /oauth/token, grant_type=authorization_code). */
export function exchangeCode(code: string, redirectUri: string): Promise<SellerTokens> {
  const { clientId, clientSecret } = requireSelling();
  return call("/oauth/token", tokenAnswer, {
    body: { client_id: clientId, client_secret: clientSecret, grant_type: "authorization_code", code, redirect_uri: redirectUri },
  }).then(toTokens);
}

/** A refresh token → new tokens (POST /oauth/token, grant_type=refresh_token). */
export function refreshToken(token: string): Promise<SellerTokens> {
  const { clientId, clientSecret } = requireSelling();
  return call("/oauth/token", tokenAnswer, {
    body: { client_id: clientId, client_secret: clientSecret, grant_type: "refresh_token", refresh_token: token },
  }).then(toTokens);
}

/** A Pix charge on the seller's account (POST /v1/payments): pending, with its copy-and-paste code and QR image. */
export function createPixPayment(accessToken: string, input: PixPaymentInput): Promise<MercadoPagoPayment> {
  const body = {
    transaction_amount: toReais(input.amountCents),
    description: input.description,
    payment_method_id: "pix",
    payer: input.payer,
    external_reference: input.externalReference,
    notification_url: input.notificationUrl,
    // Mercado Pago's format: yyyy-MM-dd'T'HH:mm:ss.SSS±hh:mm.
    date_of_expiration: input.expiresAt.toISOString().replace("Z", "+00:00"),
    ...(input.applicationFeeCents > 0 ? { application_fee: toReais(input.applicationFeeCents) } : {}),
  };
  return call("/v1/payments", payment, { token: accessToken, body, idempotencyKey: input.idempotencyKey });
}

/** A payment read back (GET /v1/payments/{id}): the only source of its status the app trusts. */
export function getPayment(accessToken: string, id: string): Promise<MercadoPagoPayment> {
  return call(`/v1/payments/${encodeURIComponent(id)}`, payment, { token: accessToken, method: "GET" });
}

/** The whole payment refunded (POST /v1/payments/{id}/refunds). */
export function refundPayment(accessToken: string, id: string, idempotencyKey: string): Promise<MercadoPagoRefund> {
  return call(`/v1/payments/${encodeURIComponent(id)}/refunds`, refund, { token: accessToken, body: {}, idempotencyKey });
}

function toTokens(t: z.infer<typeof tokenAnswer>): SellerTokens {
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    sellerId: t.user_id,
    expiresInSeconds: t.expires_in,
    publicKey: t.public_key ?? null,
    liveMode: t.live_mode ?? false,
  };
}

/** The most an answer may have (a payment with its QR image is a few kilobytes). */
const MAX_ANSWER_BYTES = 1024 * 1024;

interface CallOptions {
  method?: "GET" | "POST";
  token?: string;
  body?: unknown;
  idempotencyKey?: string;
}

async function call<S extends z.ZodType>(path: string, schema: S, options: CallOptions): Promise<z.output<S>> {
  const { apiUrl, timeoutMs } = requireSelling();
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.idempotencyKey) headers["x-idempotency-key"] = options.idempotencyKey;
  const method = options.method ?? "POST";
  let answer;
  try {
    answer = await safeFetch(`${apiUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      keepAlive: true,
    });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    throw failed(path, new MercadoPagoError(0, error.failure === "timeout" ? "timeout" : error.failure === "network" ? "network" : error.failure));
  }
  const parsed = parseJson(answer.body);
  if (answer.status < 200 || answer.status > 299) throw failed(path, new MercadoPagoError(answer.status, errorCode(parsed, answer.status)));
  const result = schema.safeParse(parsed);
  if (!result.success) throw failed(path, new MercadoPagoError(answer.status, "invalid_answer"));
  return result.data;
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

/** Mercado Pago's errors carry `error` (OAuth: invalid_grant; payments: bad_request, unauthorized, …). */
function errorCode(body: unknown, status: number): string {
  const fields = (body && typeof body === "object" ? body : {}) as { error?: unknown; code?: unknown };
  for (const value of [fields.error, fields.code]) if (typeof value === "string" && /^[\w.-]{1,64}$/.test(value)) return value;
  return `http_${status}`;
}

/** Logged without the request (it carries a secret or a token), only where it went and what came back. */
function failed(path: string, error: MercadoPagoError): MercadoPagoError {
  log.warn("mercadopago.failed", { path: path.replace(/\/\d+/g, "/{id}"), status: error.status, code: error.code });
  return error;
}
