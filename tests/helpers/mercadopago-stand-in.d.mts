// Types of tests/helpers/mercadopago-stand-in.mjs (its control API is described at its top).

export interface StandInOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  webhookSecret?: string;
  /** The seller a consent (GET /authorization, issueCode) names by default. */
  sellerId?: string;
  /** expires_in of the access tokens it issues (default 180 days). */
  tokenLifetimeSeconds?: number;
}

export const STAND_IN_DEFAULTS: Required<Omit<StandInOptions, "port">>;

/** A payment as Mercado Pago's API answers it (the fields tests read; the stand-in keeps all of them). */
export interface StandInPayment {
  id: number;
  status: string;
  status_detail: string;
  transaction_amount: number;
  application_fee: number | null;
  description: string | null;
  external_reference: string | null;
  notification_url: string | null;
  date_of_expiration: string;
  date_approved: string | null;
  collector_id: number;
  payer: { email: string | null; first_name: string | null; identification: { type: string; number: string } | null };
  point_of_interaction: { type: "PIX"; transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string } };
  refunds: Array<{ id: number; amount: number; status: string }>;
  [field: string]: unknown;
}

export interface StandInCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: { authorization?: string; "x-idempotency-key"?: string; "content-type"?: string };
  body: unknown;
}

export interface StandInNotification {
  status: number;
  body: string;
  url: string;
  requestId: string;
  signature: string;
}

export interface FailureSpec {
  /** The status to answer (Mercado Pago's error body for it unless `body`). */
  status?: number;
  body?: unknown;
  /** Never answer: the client's time-out must end the call. */
  hang?: boolean;
  /** Answer normally, this late. */
  delayMs?: number;
  /** Only calls whose "METHOD /path" contains this (default: any API call). */
  match?: string;
  /** How many calls (default 1). */
  times?: number;
}

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  user_id: number;
  public_key: string;
  live_mode: boolean;
}

type StatusChange = (ref: string | number, options?: { notify?: boolean | string }) => Promise<{ payment: StandInPayment; notification?: StandInNotification }>;

export interface MercadoPagoStandIn {
  origin: string;
  config: Required<Omit<StandInOptions, "port">> & { port?: number };
  approve: StatusChange;
  reject: StatusChange;
  expire: StatusChange;
  notify(ref: string | number, options?: { url?: string; tamper?: boolean }): Promise<StandInNotification>;
  payment(ref: string | number): StandInPayment | undefined;
  payments(): StandInPayment[];
  failNext(spec?: FailureSpec): void;
  refuseRefresh(times?: number): void;
  refuseRefunds(times?: number): void;
  issueCode(options?: { sellerId?: string; redirectUri?: string | null }): string;
  issueTokens(options?: { sellerId?: string; expiresInSeconds?: number }): TokenAnswer;
  readonly calls: StandInCall[];
  countCalls(match: string): number;
  reset(): void;
  close(): Promise<void>;
}

export function startMercadoPagoStandIn(options?: StandInOptions): Promise<MercadoPagoStandIn>;
export function signNotification(input: { dataId: string | number; requestId: string; ts: string; secret: string }): string;
