import "server-only";
import { env } from "@/lib/server/env";
import { AppError, toErrorResponse } from "@/lib/server/errors";

/** CUSTOM_DOMAIN_TARGET, or null where the operator has not turned custom domains on. */
export function customDomainsTarget(): string | null {
  return env().CUSTOM_DOMAIN_TARGET ?? null;
}

/** The target; 404 where custom domains are off (every endpoint of the feature). */
export function customDomainTarget(): string {
  const target = customDomainsTarget();
  if (!target) throw new AppError("not_found");
  return target;
}

/** A route handler that answers 404 before anything else where custom domains are off (api.md: 404 everywhere). */
export function whenDomainsOn<A extends unknown[]>(handler: (req: Request, ...rest: A) => Promise<Response>) {
  return async (req: Request, ...rest: A): Promise<Response> => {
    if (!customDomainsTarget()) return toErrorAnswer(new AppError("not_found"));
    return handler(req, ...rest);
  };
}

function toErrorAnswer(error: AppError): Response {
  const { status, body } = toErrorResponse(error);
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });
}
