import "server-only";
import { Client } from "pg";
import { databaseKind, db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { log } from "@/lib/server/log";

// Rendered public profiles, kept in memory by username. Any change to a
// profile, its links or its status drops the entry here and, on PostgreSQL,
// on every other instance through NOTIFY, so an edit shows everywhere at once
// while a warm page costs no query at all. An entry also carries the next
// start or end of a scheduled link and is stale from that instant on, so every
// instance drops it at the boundary by itself, with no write and no message.

const CHANNEL = "vitrine_profile_changed";
/** The NOTIFY payload that drops every page (a change that may touch any of them). */
const EVERY_PAGE = "*";
const MAX_ENTRIES = 5_000;

interface Entry<T> {
  userId: string;
  value: T;
  /** When a scheduled link starts or ends (ms): the entry is stale from then on, with no write needed. */
  expiresAt: number | null;
}

interface CacheState {
  entries: Map<string, Entry<unknown>>;
  /** Bumped by every invalidation: a render that started before one is not stored. */
  epoch: number;
  listening?: Promise<void>;
  listener?: Client;
  /** Bumped by stopProfileListener: a connection (or retry) begun before it closes itself. */
  generation?: number;
}

const globals = globalThis as typeof globalThis & { __vitrineProfileCache?: CacheState };
const state: CacheState = (globals.__vitrineProfileCache ??= { entries: new Map(), epoch: 0 });

/** On PostgreSQL only while the listener is connected: otherwise nothing is cached (no stale pages). */
function trusted(): boolean {
  if (databaseKind() !== "postgres") return true;
  if (!state.listener) void startProfileListener();
  return Boolean(state.listener);
}

export function cachedProfile<T>(username: string, now: number = Date.now()): T | undefined {
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
  if (epoch !== state.epoch || !trusted()) return;
  if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
  state.entries.set(username, { userId, value, expiresAt });
}

function dropUser(userId: string) {
  state.epoch += 1;
  if (userId === EVERY_PAGE) return state.entries.clear();
  for (const [username, entry] of state.entries) if (entry.userId === userId) state.entries.delete(username);
}

/** Call after any write that changes what /{username} shows. */
export async function onProfileChanged(userId: string): Promise<void> {
  dropUser(userId);
  if (databaseKind() === "postgres") {
    await db.$executeRaw`SELECT pg_notify(${CHANNEL}, ${userId})`.catch((error: unknown) =>
      log.warn("profile_cache.notify_failed", { error: String(error) }),
    );
  }
}

/** Call after a write that may change any page (a blocked domain added or removed). */
export async function onEveryProfileChanged(): Promise<void> {
  await onProfileChanged(EVERY_PAGE);
}

/**
 * On PostgreSQL, listens for other instances' changes. Until the listener is
 * connected (and whenever it drops) the cache is emptied and bypassed.
 */
export function startProfileListener(): Promise<void> {
  if (databaseKind() !== "postgres") return Promise.resolve();
  state.listening ??= connectListener();
  return state.listening;
}

async function connectListener(): Promise<void> {
  state.entries.clear();
  const generation = state.generation ?? 0;
  const stopped = () => (state.generation ?? 0) !== generation;
  const client = new Client({ connectionString: env().DATABASE_URL, connectionTimeoutMillis: 3_000, application_name: "vitrine-listener" });
  let retried = false;
  const retry = () => {
    if (retried || stopped()) return;
    retried = true;
    state.epoch += 1;
    state.entries.clear();
    state.listener = undefined;
    client.removeAllListeners();
    client.end().catch(() => {});
    setTimeout(() => {
      if (!stopped()) state.listening = connectListener().catch(() => undefined);
    }, 1_000).unref();
  };
  try {
    await client.connect();
    client.on("notification", (msg) => {
      if (msg.channel === CHANNEL && msg.payload) dropUser(msg.payload);
    });
    client.on("error", (error) => {
      log.warn("profile_cache.listener_error", { error: error.message });
      retry();
    });
    client.on("end", retry);
    await client.query(`LISTEN ${CHANNEL}`);
    if (stopped()) {
      client.removeAllListeners();
      await client.end().catch(() => {});
      return;
    }
    state.listener = client;
  } catch (error) {
    log.warn("profile_cache.listener_down", { error: String(error) });
    retry();
  }
}

/** Closes the listener for good (tests, shutdown). */
export async function stopProfileListener(): Promise<void> {
  state.generation = (state.generation ?? 0) + 1;
  // A connection still being opened closes itself once it sees the new generation.
  const pending = state.listening;
  state.listening = undefined;
  await pending?.catch(() => {});
  const client = state.listener;
  state.listener = undefined;
  if (client) {
    client.removeAllListeners();
    await client.end().catch(() => {});
  }
}

/** Tests: forget everything. */
export function clearProfileCache() {
  state.epoch += 1;
  state.entries.clear();
}
