import "server-only";
import { EVERY_PAGE_ID, changesAreFresh, onPageDropped, onProfileChanged } from "@/lib/profile-cache/profile-cache";
import { db } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { hostState, type ActiveHost } from "./host-list";

// Reads the host list (lib/domains/host-list.ts) from the database and keeps
// it current. The whole list is read once per process (at start, and after a
// change to every page); a change to a page's domain or to the page itself
// reloads that page's entry alone. Changes cross instances as page edits do
// (lib/profile-cache/profile-cache.ts: a PageChange row every instance reads
// within a second): a domain's change is written as the page id with
// DOMAIN_PREFIX.

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
async function reloadAll(): Promise<void> {
  listen();
  const generation = ++state.generation;
  try {
    const rows = await db.customDomain.findMany({ where: { status: "active" }, select: { domain: true, pageId: true, page: { select: { username: true } } } });
    if (generation !== state.generation) return;
    state.hosts = new Map(rows.map((r) => [r.domain, { pageId: r.pageId, username: r.page.username, domain: r.domain }]));
    state.byPage = new Map(rows.map((r) => [r.pageId, r.domain]));
  } catch (error) {
    log.warn("domain_hosts.load_failed", { error: String(error) });
  }
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
