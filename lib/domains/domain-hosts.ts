import "server-only";
import { db } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { hostState, lookUpHost, type ActiveHost } from "@/lib/server/custom-hosts";
import { customHostDecision, customHostNotFound } from "./host-request";
import { provideHook } from "@/lib/server/host.mjs";
import { EVERY_PAGE_ID, changesAreFresh, onPageDropped, onProfileChanged } from "@/lib/profile/profile-cache";

// Which hosts are active custom domains, in memory, so that recognising one
// costs no query (proxy.ts and server.mjs's fast path ask on every request).
// The whole list is read once per process (at start, and after a change to
// every page); a change to a page's domain or to the page itself reloads that
// page's entry alone. Changes cross instances as page edits do
// (lib/profile/profile-cache.ts: a PageChange row every instance reads within
// a second): a domain's change is written as the page id with DOMAIN_PREFIX.

/** A PageChange id naming a page whose domain changed (another instance may not know the page has one). */
const DOMAIN_PREFIX = "domain:";

const state = hostState();

function listen() {
  if (state.listening) return;
  state.listening = true;
  onPageDropped((id) => {
    if (id === EVERY_PAGE_ID) return void reloadAll();
    const pageId = id.startsWith(DOMAIN_PREFIX) ? id.slice(DOMAIN_PREFIX.length) : id;
    // A page edit concerns the list only for a page that serves a domain (its username may have changed, or the page gone).
    if (id.startsWith(DOMAIN_PREFIX) || state.byPage.has(pageId)) void reloadPage(pageId);
  });
}

/** Reads every active domain (at start; and after a change to every page). */
export function reloadAll(): Promise<void> {
  listen();
  const generation = ++state.generation;
  const loading = (async () => {
    try {
      const rows = await db.customDomain.findMany({ where: { status: "active" }, select: { domain: true, pageId: true, page: { select: { username: true } } } });
      if (generation !== state.generation) return;
      state.hosts = new Map(rows.map((r) => [r.domain, { pageId: r.pageId, username: r.page.username, domain: r.domain }]));
      state.byPage = new Map(rows.map((r) => [r.pageId, r.domain]));
      state.loaded = true;
    } catch (error) {
      log.warn("domain_hosts.load_failed", { error: String(error) });
    }
  })();
  state.loading = loading;
  return loading;
}

/** Reads one page's active domain again. */
async function reloadPage(pageId: string): Promise<void> {
  const generation = state.generation;
  try {
    const row = await db.customDomain.findFirst({ where: { pageId, status: "active" }, select: { domain: true, page: { select: { username: true } } } });
    // A full reload started meanwhile reads this page too.
    if (generation !== state.generation) return;
    setPage(pageId, row ? { pageId, domain: row.domain, username: row.page.username } : null);
  } catch (error) {
    log.warn("domain_hosts.load_failed", { error: String(error) });
    void reloadAll();
  }
}

function setPage(pageId: string, entry: ActiveHost | null) {
  const old = state.byPage.get(pageId);
  if (old) state.hosts.delete(old);
  state.byPage.delete(pageId);
  if (entry) {
    state.hosts.set(entry.domain, entry);
    state.byPage.set(pageId, entry.domain);
  }
}

/**
 * The active domain a request's Host names, from memory (no query); null for
 * any other host. Until the list is read (a serverless instance's first
 * moment), null, and the read starts.
 */
export function activeHost(hostHeader: string | null | undefined): ActiveHost | null {
  if (!state.loaded && !state.loading) void reloadAll();
  // Within a second of every other instance's changes (a long-lived host's timer; a serverless one looks when due).
  changesAreFresh();
  return lookUpHost(hostHeader);
}

/** The page's active domain as this instance knows it (no query). */
export function knownDomainOf(pageId: string): string | null {
  return state.byPage.get(pageId) ?? null;
}

/**
 * After any change to a page's domain: this instance at once, every other
 * within a second (and the page, whose canonical address names the domain).
 */
export async function onDomainChanged(pageId: string, active: ActiveHost | null): Promise<void> {
  listen();
  setPage(pageId, active);
  await onProfileChanged(`${DOMAIN_PREFIX}${pageId}`);
  await onProfileChanged(pageId);
}

/** Start-up: the list read before the first request. */
export async function loadDomainHosts(): Promise<void> {
  await reloadAll();
  // On PostgreSQL, starts a long-lived host's look at other instances' changes (every 400 ms).
  changesAreFresh();
}

export type { ActiveHost };

/** Hands server.mjs (npm start) the custom domains' routing, which proxy.ts does under next start. */
export function registerCustomHosts(): void {
  provideHook("customHost", (req) => {
    const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;
    const decision = customHostDecision(one(req.headers.host), req.url ?? "/", one(req.headers.cookie));
    if (!decision) return null;
    if ("notFound" in decision) return { ...customHostNotFound, body: req.method === "HEAD" ? null : customHostNotFound.body };
    req.url = decision.rewrite;
    if (decision.cookie) req.headers.cookie = decision.cookie;
    else delete req.headers.cookie;
    return null;
  });
}
