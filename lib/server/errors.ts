import "server-only";
import { ZodError } from "zod";
import { errorsStrings } from "@/lib/strings/errors";
import { errorFields, log } from "./log";

const strings = { errors: errorsStrings };

// One error class, one table, one mapper (STYLE.md habit 4).

const table = {
  invalid_input: [400, strings.errors.invalidInput],
  invalid_json: [400, strings.errors.invalidJson],
  unauthorized: [401, strings.errors.unauthorized],
  forbidden: [403, strings.errors.forbidden],
  cross_site: [403, strings.errors.crossSite],
  not_found: [404, strings.errors.notFound],
  conflict: [409, strings.errors.conflict],
  username_taken: [409, strings.errors.usernameTaken],
  email_taken: [409, strings.errors.emailTaken],
  payload_too_large: [413, strings.errors.payloadTooLarge],
  unsupported_media_type: [415, strings.errors.unsupportedMediaType],
  unprocessable: [422, strings.errors.unprocessable],
  rate_limited: [429, strings.errors.rateLimited],
  bad_gateway: [502, strings.errors.badGateway],
  unavailable: [503, strings.errors.unavailable],
} as const satisfies Record<string, readonly [number, string]>;

type AppErrorCode = keyof typeof table;

export class AppError extends Error {
  override name = "AppError";
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    options: { message?: string; errors?: Record<string, string>; retryAfter?: number } = {},
  ) {
    super(options.message ?? table[code][1]);
    this.status = table[code][0];
    this.errors = options.errors;
    this.retryAfter = options.retryAfter;
  }
  readonly errors?: Record<string, string>;
  readonly retryAfter?: number;
}

export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

/** The first message of each field, keyed by its dotted path. */
function fieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    out[key] ??= issue.message;
  }
  return out;
}

// Connection-level failures (server down, pool timeout, statement timeout)
// answer 503: the app stays up and the client may retry. PostgreSQL codes:
// class 08 (connection exception), 57P01-57P03 (shutting down, cannot connect
// now), 57014 (statement timeout), 53300 (too many connections).
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EPIPE",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "57P01",
  "57P02",
  "57P03",
  "57014",
  "53300",
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024",
]);
const UNAVAILABLE_TEXT =
  /connect(ion)? (terminated|timeout|refused)|timeout exceeded when trying to connect|Connection terminated|ECONNREFUSED|Can't reach database server|canceling statement due to statement timeout|Query read timeout|DatabaseNotReachable|SocketTimeout|ConnectionClosed/i;
const UNAVAILABLE_KINDS = /DatabaseNotReachable|SocketTimeout|ConnectionClosed|TooManyConnections/;

/**
 * True when the error (or anything it wraps) says the database cannot be
 * reached. Prisma wraps a driver failure in a raw query ($queryRaw: P2010)
 * under `meta.driverAdapterError`, not `cause`, so both are followed.
 */
export function isUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length && seen < 10; seen++) {
    const e = pending.shift() as {
      code?: unknown;
      originalCode?: unknown;
      message?: unknown;
      cause?: unknown;
      kind?: unknown;
      meta?: { driverAdapterError?: unknown };
    } | null;
    if (!e || typeof e !== "object") continue;
    for (const code of [e.code, e.originalCode]) if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof e.message === "string" && UNAVAILABLE_TEXT.test(e.message)) return true;
    if (typeof e.kind === "string" && UNAVAILABLE_KINDS.test(e.kind)) return true;
    pending.push(e.cause, e.meta?.driverAdapterError);
  }
  return false;
}

export function prismaCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^P\d{4}$/.test(code) ? code : undefined;
}

/** Maps any thrown value to a status and a body that is safe to show. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message };
    if (error.errors) body.errors = error.errors;
    const headers = error.retryAfter !== undefined ? { "Retry-After": String(error.retryAfter) } : undefined;
    return { status: error.status, body, headers };
  }
  if (error instanceof ZodError) {
    return { status: 400, body: { message: strings.errors.invalidInput, errors: fieldErrors(error) } };
  }
  const code = prismaCode(error);
  // P2002: unique violation. Prisma 7 with driver adapters no longer names the
  // column, so callers that care (username vs e-mail) catch it themselves.
  if (code === "P2002") return { status: 409, body: { message: strings.errors.conflict } };
  if (code === "P2025") return { status: 404, body: { message: strings.errors.notFound } };
  if (isUnavailable(error)) {
    log.warn("db.unavailable", errorFields(error));
    return { status: 503, body: { message: strings.errors.unavailable }, headers: { "Retry-After": "5" } };
  }
  log.error("request.unhandled", errorFields(error));
  return { status: 500, body: { message: strings.errors.internal } };
}
