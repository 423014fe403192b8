import "server-only";
import { databaseKind, db, rawQuery } from "@/lib/server/db";
import { isServerless } from "@/lib/server/env";
import { log } from "@/lib/server/log";
import { processState } from "@/lib/server/host.mjs";
import { purgeCdn } from "@/lib/server/cdn";

// Rendered public profiles, kept in memory by username, so a warm page costs
// no query at all. Any change to a profile, its links or its status drops the
// entry here and, on PostgreSQL, writes a PageChange row; every instance reads
// the rows newer than the last one it saw and drops those pages too. An
// instance answers from memory only while its last look is under a second old:
// a long-lived host looks every 400 ms on a timer; a serverless instance (no
// timers, frozen between requests) looks at the request that finds it due. So
// an edit shows on every instance within a second, with no LISTEN: it holds
// through a transaction pooler and on frozen instances. An entry also carries
// the next start or end of a scheduled link and is stale from that instant on.
//
// On Vercel the CDN keeps the pages instead (lib/server/cdn.ts): each answer
// carries its page's tags, each change deletes them there too.

/** Drops every page (a change that may touch any of them). */
const EVERY_PAGE = "*";
/** The CDN tag every public page carries, and the one of a person's page (whatever its name: a renamed page's old address goes too). */
const EVERY_PAGE_TAG = "pages";
const pageTag = (userId: string) => (userId === EVERY_PAGE ? EVERY_PAGE_TAG : `page-${userId}`);

/** The CDN tags of a person's public page. */
export function pageTags(userId: string): string[] {
  return [pageTag(userId), EVERY_PAGE_TAG];
}
const MAX_ENTRIES = 5_000;
/** How old the last look at PageChange may be for memory to answer. */
const FRESH_MS = 1_000;
/** A long-lived host's timer: well inside FRESH_MS, so its fast path stays warm. */
const LOOK_EVERY_MS = 400;
/** More changes than this since the last look: everything is dropped. */
const MAX_CHANGES_READ = 1_000;

interface Entry<T> {
  userId: string;
  value: T;
  /** When a scheduled link starts or ends (ms): the entry is stale from then on, with no write needed. */
  expiresAt: number | null;
}

interface CacheState {
  entries: Map<string, Entry<unknown>>;
  /** Bumped by every invalidation. */
  epoch: number;
  /**
   * The epoch of each person's last drop, and of the last drop of every page:
   * a render that started before a drop of its own page is not stored (a
   * drop of someone else's page does not concern it).
   */
  droppedAt: Map<string, number>;
  everyDroppedAt: number;
  /** The PageChange ids read by the last look (the rows it reads again are not applied twice). */
  applied: Set<string>;
  /** The newest PageChange id applied here; null until the first look. */
  lastSeenId: bigint | null;
  /** When the last successful look started (ms). */
  lookedAt: number;
  looking?: Promise<boolean>;
  timer?: NodeJS.Timeout;
  /** Told of every drop, here or read from another instance's PageChange row (the custom domains' host cache). */
  listeners?: Set<(pageId: string) => void>;
}

const state = processState<CacheState>("profile-cache", () => ({
  entries: new Map(),
  epoch: 0,
  droppedAt: new Map(),
  everyDroppedAt: 0,
  applied: new Set(),
  lastSeenId: null,
  lookedAt: 0,
}));

/** May memory answer now? Always on the embedded database (one process: its own drops suffice). */
function fresh(now: number): boolean {
  if (databaseKind() !== "postgres") return true;
  startTimer();
  return state.lastSeenId !== null && now - state.lookedAt < FRESH_MS;
}

function startTimer() {
  if (state.timer || isServerless()) return;
  state.timer = setInterval(() => void lookForChanges(), LOOK_EVERY_MS);
  state.timer.unref();
}

/**
 * Reads the changes since the last look and drops their pages (one indexed
 * query). False when the database could not be asked: memory stays silent.
 */
export function lookForChanges(): Promise<boolean> {
  if (databaseKind() !== "postgres") return Promise.resolve(true);
  state.looking ??= look().finally(() => {
    state.looking = undefined;
  });
  return state.looking;
}

async function look(): Promise<boolean> {
  const started = Date.now();
  try {
    if (state.lastSeenId === null) {
      const [row] = await rawQuery<{ id: string }>(`SELECT coalesce(max("id"), 0)::text AS "id" FROM "PageChange"`, []);
      dropUser(EVERY_PAGE);
      state.lastSeenId = BigInt(row?.id ?? "0");
    } else {
      // Ids of concurrent writers may commit out of order: the last two
      // seconds' rows are read again, so one committed after a higher id is
      // never missed (dropping a page twice only costs a render).
      const rows = await rawQuery<{ id: string; pageId: string | null }>(
        `SELECT "id"::text AS "id", "pageId" FROM "PageChange"
         WHERE "id" > $1 OR "at" > CURRENT_TIMESTAMP::timestamp - interval '2 seconds'
         ORDER BY "id" LIMIT ${MAX_CHANGES_READ}`,
        [state.lastSeenId.toString()],
      );
      if (rows.length === MAX_CHANGES_READ) dropUser(EVERY_PAGE);
      else for (const row of rows) if (!state.applied.has(row.id)) dropUser(row.pageId ?? EVERY_PAGE);
      state.applied = new Set(rows.map((row) => row.id));
      for (const row of rows) if (BigInt(row.id) > state.lastSeenId) state.lastSeenId = BigInt(row.id);
    }
    state.lookedAt = started;
    return true;
  } catch (error) {
    log.warn("profile_cache.look_failed", { error: String(error) });
    return false;
  }
}

/** Before a page is read for a request: looks for changes when the last look is due. */
export async function lookIfDue(now: number = Date.now()): Promise<void> {
  if (fresh(now)) return;
  await lookForChanges();
  // The look just awaited may have been one already in flight, started more
  // than a second ago (a slow database): then one more, so that the render
  // sees every change of the last second and may be kept.
  if (!fresh(Date.now())) await lookForChanges();
}

export function cachedProfile<T>(username: string, now: number = Date.now()): T | undefined {
  if (!fresh(now)) return undefined;
  const entry = state.entries.get(username);
  if (entry && entry.expiresAt !== null && now >= entry.expiresAt) {
    state.entries.delete(username);
    return undefined;
  }
  return entry?.value as T | undefined;
}

/** Taken before reading the database for a render; handed back to storeProfile. */
export function cacheEpoch(): number {
  return state.epoch;
}

export function storeProfile<T>(username: string, userId: string, value: T, epoch: number, expiresAt: number | null = null): void {
  if (state.everyDroppedAt > epoch || (state.droppedAt.get(userId) ?? 0) > epoch || !fresh(Date.now())) return;
  if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
  state.entries.set(username, { userId, value, expiresAt });
}

function dropUser(userId: string) {
  const epoch = ++state.epoch;
  for (const listener of state.listeners ?? []) listener(userId);
  // (Past MAX_ENTRIES people dropped, they are forgotten as if every page had been: a render in flight is not stored.)
  if (userId === EVERY_PAGE || state.droppedAt.size >= MAX_ENTRIES) {
    state.everyDroppedAt = epoch;
    state.droppedAt.clear();
  }
  if (userId === EVERY_PAGE) return state.entries.clear();
  state.droppedAt.set(userId, epoch);
  for (const [username, entry] of state.entries) if (entry.userId === userId) state.entries.delete(username);
}

/** Call after any write that changes what /{username} shows. */
export async function onProfileChanged(userId: string): Promise<void> {
  dropUser(userId);
  if (databaseKind() === "postgres") {
    const who = userId === EVERY_PAGE ? null : userId;
    await db.$executeRaw`INSERT INTO "PageChange" ("pageId") VALUES (${who})`.catch((error: unknown) =>
      log.warn("profile_cache.change_not_written", { error: String(error) }),
    );
  }
  await purgeCdn([pageTag(userId)]);
}

/**
 * Call after an account is deleted: its page goes everywhere, and no
 * PageChange row keeps naming the person (LGPD): the other instances are
 * told "every page" instead (a rare event).
 */
export async function onAccountDeleted(userId: string): Promise<void> {
  dropUser(userId);
  if (databaseKind() === "postgres") {
    await db.$executeRaw`WITH gone AS (DELETE FROM "PageChange" WHERE "pageId" = ${userId}) INSERT INTO "PageChange" ("pageId") VALUES (NULL)`.catch(
      (error: unknown) => log.warn("profile_cache.change_not_written", { error: String(error) }),
    );
  }
  await purgeCdn([pageTag(userId)]);
}

/** Call after a write that may change any page (a blocked domain added or removed). */
export async function onEveryProfileChanged(): Promise<void> {
  await onProfileChanged(EVERY_PAGE);
}

/**
 * Calls `listener` with each dropped page id (EVERY_PAGE_ID for all of them),
 * whether the change was made here or read from another instance: another
 * in-memory cache then follows the same invalidation (lib/domains/load-host-list.ts).
 */
export function onPageDropped(listener: (pageId: string) => void): void {
  (state.listeners ??= new Set()).add(listener);
}

/** The id a drop of every page carries. */
export const EVERY_PAGE_ID = EVERY_PAGE;

/**
 * Whether this instance's view of the changes is under a second old (always
 * on the embedded database); starts a long-lived host's timer, and on a
 * serverless one starts a look without waiting for it.
 */
export function changesAreFresh(now: number = Date.now()): boolean {
  if (fresh(now)) return true;
  void lookForChanges();
  return false;
}

/** Stops a long-lived host's timer (tests). */
export function stopLookingForChanges(): void {
  clearInterval(state.timer);
  state.timer = undefined;
}

/** Tests: forget everything. */
export function clearProfileCache() {
  dropUser(EVERY_PAGE);
}
