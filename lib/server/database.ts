import "server-only";
import path from "node:path";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { isServerless, type Env } from "./env";
import { hostFeatures, processState } from "./host.mjs";
import { log } from "./log";
import { watchPool } from "./metrics";

// One data layer, two databases: a real PostgreSQL when DATABASE_URL is set,
// otherwise an embedded PGlite persisted under DATA_DIR. Both are reached
// through a Prisma driver adapter factory, so queries and migrations share
// one code path.

export type DatabaseKind = "postgres" | "pglite";

/**
 * A statement sent as is, for the one hot path that needs it (counting,
 * lib/stats/count-store.ts), without Prisma's per-query work: an unnamed
 * statement, `$1…$n` placeholders, values as `pg` takes them.
 */
export type RawQuery = <T>(text: string, values: unknown[]) => Promise<T[]>;

export interface DatabaseConnection {
  kind: DatabaseKind;
  factory: SqlMigrationAwareDriverAdapterFactory;
  query: RawQuery;
  close(): Promise<void>;
  /** The embedded database only: a consistent gzipped copy of its data directory, taken while it runs. */
  snapshot?(): Promise<Blob>;
}

export function pgliteDataDir(e: Pick<Env, "DATA_DIR">): string {
  return path.resolve(e.DATA_DIR, "pgdata");
}

/**
 * Every embedded database this project opens (app, CLIs, shadow databases)
 * loads pg_trgm: the admin search's trigram indexes need its functions on
 * every write to "User".
 */
export function newPGlite(dir?: string, extra: Omit<PGliteOptions, "extensions"> = {}): PGlite {
  const options = { ...extra, extensions: { pg_trgm } };
  return dir ? new PGlite(dir, options) : new PGlite(options);
}

export function openDatabase(e: Env): DatabaseConnection {
  if (e.DATABASE_URL) return openPostgres(e.DATABASE_URL, postgresOptions(e));
  const dir = pgliteDataDir(e);
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dir);
  const pg = newPGlite(dir);
  return {
    kind: "pglite",
    factory: pgliteFactory(pg),
    query: async <T>(text: string, values: unknown[]) => (await pg.query<T>(text, values)).rows,
    close: async () => {
      await pg.close();
      release();
    },
    // PGlite runs one query at a time and dumps between two of them; the
    // checkpoint first puts every committed change in the data files.
    snapshot: async () => {
      await pg.query("CHECKPOINT");
      return pg.dumpDataDir("gzip");
    },
  };
}

/** The pool of an instance: small and quick to let go on a serverless host, where many instances share the database. */
export function postgresOptions(e: Env): PostgresOptions {
  const serverless = isServerless(e);
  return {
    poolMax: e.DB_POOL_MAX ?? (serverless ? 3 : 10),
    idleMs: serverless ? 5_000 : 30_000,
    serverStatementTimeoutMs: serverless ? null : e.DB_STATEMENT_TIMEOUT_MS,
    clientTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS + 2_000,
    asyncCommit: !serverless && hostFeatures()?.senderProcess === true,
  };
}

/**
 * A PGlite directory opened by two processes at once is corrupted, so the
 * first one takes a lock file (with its pid); another process (a second app,
 * `npm run db:migrate` or `npm run admin` while the app runs) is refused with
 * a clear message. A lock left by a process that no longer exists is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const locks = heldLocks();
      locks.add(file);
      return () => {
        locks.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(file, "utf8").trim());
      if (owner === process.pid) return () => {};
      if (owner && isAlive(owner)) {
        throw new Error(`The embedded database in ${dir} is in use by process ${owner}; stop it first (or set DATABASE_URL).`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}.`);
}

/** Lock files this process holds, removed when it exits (one listener per process). */
function heldLocks(): Set<string> {
  return processState("database-locks", () => {
    const locks = new Set<string>();
    process.once("exit", () => locks.forEach((file) => rmSync(file, { force: true })));
    return locks;
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

interface PostgresOptions {
  /** Connections of this instance's one pool. */
  poolMax: number;
  /** How long an idle connection is kept (short on a serverless host, whose instances freeze). */
  idleMs: number;
  /**
   * Sent as the connection's `statement_timeout` startup parameter; null
   * behind a transaction pooler, which refuses startup parameters (set it on
   * the database role there: ALTER ROLE … SET statement_timeout).
   */
  serverStatementTimeoutMs: number | null;
  /** The client gives up on a statement after this long, whatever the server does. */
  clientTimeoutMs: number;
  /**
   * Commits without waiting for the disk (`synchronous_commit=off`, a
   * startup parameter): the background sender's bookkeeping only, where a
   * commit lost in a crash means a delivery sent once more.
   */
  asyncCommit?: boolean;
}

/**
 * PostgreSQL through ONE pool per instance, safe behind a transaction pooler
 * (PgBouncer in transaction mode, Neon's and Supabase's pooled addresses): no
 * named prepared statement, no LISTEN, no session setting, and no startup
 * parameter unless asked for. Prisma's adapter and the counting statements
 * share the pool.
 */
export function openPostgres(connectionString: string, options: PostgresOptions): DatabaseConnection {
  // Fail fast while the server is down (no hanging requests) and let the pool
  // open fresh connections once it is back: recovery needs no restart.
  const pool = new pg.Pool({
    connectionString,
    max: options.poolMax,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: options.idleMs,
    ...(options.serverStatementTimeoutMs === null ? {} : { statement_timeout: options.serverStatementTimeoutMs }),
    query_timeout: options.clientTimeoutMs,
    ...(options.asyncCommit ? { options: "-c synchronous_commit=off" } : {}),
    application_name: "vitrine",
  });
  pool.on("error", (err) => log.warn("db.pool_error", { error: err.message }));
  const stopWatching = watchPool(() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  const factory = new PrismaPg(pool, {
    onPoolError: (err) => log.warn("db.pool_error", { error: err.message }),
    onConnectionError: (err) => log.warn("db.connection_error", { error: err.message }),
  });
  const withShadow: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: () => factory.connect(),
    // adapter-pg cannot describe a shadow database for the WebAssembly engine
    // (it fails on the "char" catalog type): diffs use an in-memory PGlite.
    connectToShadowDb: () => pgliteFactory(newPGlite()).connect(),
  };
  return {
    kind: "postgres",
    // Unnamed: planned with each run's values, and nothing kept on a connection a pooler may hand to another client.
    query: async <T>(text: string, values: unknown[]) => (await pool.query({ text, values })).rows as T[],
    factory: withAtomicScripts(withShadow, async (_adapter, script) => {
      const client = await pool.connect();
      try {
        // A migration is not a request: the statement limits of the pool
        // (DB_STATEMENT_TIMEOUT_MS, seconds) would stop one that copies a
        // large table. SET LOCAL lasts for this script's transaction only,
        // so the connection goes back to the pool with its limit.
        const query: pg.QueryConfig & { query_timeout: number } = {
          text: `SET LOCAL statement_timeout = 0;\n${script}`,
          query_timeout: MIGRATION_CLIENT_TIMEOUT_MS,
        };
        await client.query(query);
      } finally {
        client.release();
      }
    }),
    close: async () => {
      stopWatching();
      await pool.end();
    },
  };
}

type ScriptRunner = (adapter: SqlDriverAdapter, script: string) => Promise<void>;

/** How long the client waits for one migration script: as long as a timer can (PostgreSQL has no limit on it). */
const MIGRATION_CLIENT_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Both driver adapters run migration scripts unsafely: @prisma/adapter-pg
 * 7.10.0 splits the script on every ";" (even inside comments and strings) and
 * sends the pieces one by one through the pool, so a failing migration leaves
 * half a schema; pglite-prisma-adapter 0.7.2 starts `exec` without awaiting
 * it, so a failure is recorded as success. Here the whole script goes as one
 * simple-protocol query on one connection, which PostgreSQL runs as a single
 * implicit transaction: a migration applies entirely or not at all.
 */
function withAtomicScripts(factory: SqlMigrationAwareDriverAdapterFactory, run: ScriptRunner): SqlMigrationAwareDriverAdapterFactory {
  const patch = (adapter: SqlDriverAdapter) => Object.assign(adapter, { executeScript: (script: string) => run(adapter, script) });
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => patch(await factory.connect()),
    connectToShadowDb: () => factory.connectToShadowDb(),
  };
}

export function pgliteFactory(pg: PGlite): SqlMigrationAwareDriverAdapterFactory {
  const clients = new WeakMap<SqlDriverAdapter, PGlite>();
  const inner = new PrismaPGlite(pg);
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => {
      const adapter = await inner.connect();
      clients.set(adapter, pg);
      return adapter;
    },
    // The shadow database (for `db:migrate:create`) is a fresh in-memory PGlite.
    connectToShadowDb: () => pgliteFactory(newPGlite()).connect(),
  };
  return withAtomicScripts(factory, async (adapter, script) => {
    await clients.get(adapter)!.exec(script);
  });
}
