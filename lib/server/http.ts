import "server-only";
import { AppError, toErrorResponse } from "./errors";
import { shortPageHtml } from "./short-page";

// What every route handler answers with and reads through: JSON and empty
// answers, request bodies read within a limit, and the short pt-BR page of an
// HTML route that fails. The route wrapper (lib/api/route.ts) builds on it.

/** The most a JSON body may have unless a route says otherwise. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export function json(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...init.headers },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
}

/**
 * Reads at most `limit` bytes: a declared Content-Length over the limit is
 * refused before anything is read, and a body that lies about its length is
 * cut off as soon as the count passes the limit.
 */
export async function readBody(req: Request, limit: number): Promise<Uint8Array> {
  refuseDeclaredTooLarge(req, limit);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // A client that goes away mid-body sends bad input; it is not a server fault
    // (its ECONNRESET must not read as a database outage).
    const { done, value } = await reader.read().catch(() => {
      throw new AppError("invalid_input");
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new AppError("payload_too_large");
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

export function refuseDeclaredTooLarge(req: Request, limit: number): void {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new AppError("payload_too_large");
}

export async function readJson(req: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const bytes = await readBody(req, limit);
  const text = new TextDecoder().decode(bytes).trim();
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("invalid_json");
  }
}

type PageHandler<P> = (req: Request, params: P) => Promise<Response>;

/**
 * For route handlers that answer HTML (the public page): any failure becomes
 * a short pt-BR page with the mapped status (503 while the database is down),
 * never a stack trace.
 */
export function pageRoute<P>(handler: PageHandler<P>) {
  return async (req: Request, context: { params: Promise<P> }): Promise<Response> => {
    try {
      return await handler(req, await context.params);
    } catch (error) {
      const failure = pageFailure(error);
      return new Response(failure.body, { status: failure.status, headers: failure.headers });
    }
  };
}

/** What pageRoute answers for a failure (also server.mjs's fast path, with the same bytes). */
export function pageFailure(error: unknown): { status: number; headers: Record<string, string>; body: string } {
  const { status, body, headers } = toErrorResponse(error);
  return {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...headers },
    body: shortPageHtml(body.message),
  };
}
