import "server-only";
import { env } from "@/lib/server/env";
import { AppError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { domainsStrings } from "@/lib/strings/domains";

// Vercel's project domains (api.md, Custom domains; Vercel's REST API:
// POST /v10/projects/{idOrName}/domains, GET and DELETE
// /v9/projects/{idOrName}/domains/{domain}, ?teamId= for a team's project),
// where VERCEL_API_TOKEN and VERCEL_PROJECT_ID are set. Plain fetch with a
// time limit, not lib/server/outbound.ts: the address is the operator's
// configured API (a fixed, trusted host), not one a user gave.

const TIMEOUT_MS = 10_000;

function vercelConfig() {
  const e = env();
  if (!e.VERCEL_API_TOKEN || !e.VERCEL_PROJECT_ID) return null;
  return { token: e.VERCEL_API_TOKEN, project: e.VERCEL_PROJECT_ID, team: e.VERCEL_TEAM_ID, api: e.VERCEL_API_URL };
}

/** True where domains go to a Vercel project (VERCEL_API_TOKEN and VERCEL_PROJECT_ID). */
export const vercelDomainsOn = () => vercelConfig() !== null;

function endpoint(c: NonNullable<ReturnType<typeof vercelConfig>>, path: string): string {
  const url = new URL(`${c.api}${path}`);
  if (c.team) url.searchParams.set("teamId", c.team);
  return url.toString();
}

async function call(method: "GET" | "POST" | "DELETE", path: string, body?: unknown, timeoutMs = TIMEOUT_MS): Promise<Response | null> {
  const c = vercelConfig();
  if (!c) return null;
  return fetch(endpoint(c, path), {
    method,
    headers: { authorization: `Bearer ${c.token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(timeoutMs),
    redirect: "manual",
  });
}

const refused = () => new AppError("bad_gateway", { message: domainsStrings.vercelRefused });

/**
 * Adds the domain to the Vercel project (then Vercel issues its
 * certificate). Without the configuration, nothing. A refusal, a timeout or
 * an unreachable API → 502 `Não foi possível registrar o domínio na Vercel`.
 * A domain already on this project (another page's pending claim put it
 * there) counts as added: Vercel refuses it (400, or 409
 * `domain_already_in_use` as for another project's), so the project's own
 * domain is read to tell the two apart.
 */
export async function addVercelDomain(domain: string, options: { timeoutMs?: number } = {}): Promise<void> {
  const c = vercelConfig();
  if (!c) return;
  let res: Response | null;
  try {
    res = await call("POST", `/v10/projects/${encodeURIComponent(c.project)}/domains`, { name: domain }, options.timeoutMs);
  } catch (error) {
    log.warn("vercel.domain_add_failed", { domain, error: String(error) });
    throw refused();
  }
  if (!res || res.ok) return;
  const answer = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
  if ((res.status === 400 || res.status === 409) && (await inProject(c, domain, options.timeoutMs))) return;
  log.warn("vercel.domain_add_refused", { domain, status: res.status, code: answer?.error?.code });
  throw refused();
}

/** True when the project has the domain (GET answers it); false for anything else, a failure included. */
async function inProject(c: NonNullable<ReturnType<typeof vercelConfig>>, domain: string, timeoutMs?: number): Promise<boolean> {
  try {
    const res = await call("GET", `/v9/projects/${encodeURIComponent(c.project)}/domains/${encodeURIComponent(domain)}`, undefined, timeoutMs);
    const body = res?.ok ? ((await res.json().catch(() => null)) as { name?: string } | null) : null;
    return body?.name === domain;
  } catch {
    return false;
  }
}

/** Removes the domain from the Vercel project; a domain Vercel no longer has is removed already. Failures are logged (the domain is gone here either way). */
export async function removeVercelDomain(domain: string): Promise<boolean> {
  const c = vercelConfig();
  if (!c) return true;
  try {
    const res = await call("DELETE", `/v9/projects/${encodeURIComponent(c.project)}/domains/${encodeURIComponent(domain)}`);
    if (!res || res.ok || res.status === 404) return true;
    log.warn("vercel.domain_remove_refused", { domain, status: res.status });
  } catch (error) {
    log.warn("vercel.domain_remove_failed", { domain, error: String(error) });
  }
  return false;
}
