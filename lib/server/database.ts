import "server-only";
import path from "node:path";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPg } from "@prisma/adapter-pg";
import pg, { type Pool } from "pg";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { Env } from "./env";
import { log } from "./log";
import { watchPool } from "./metrics";

// One data layer, two databases: a real PostgreSQL when DATABASE_URL is set,
// otherwise an embedded PGlite persisted under DATA_DIR. Both are reached
// through a Prisma driver adapter factory, so queries and migrations share
// one code path.

export type DatabaseKind = "postgres" | "pglite";

/**
 * A statement sent as is, for the one hot path that needs it (counting,
 * lib/stats/count-store.ts): on PostgreSQL a named prepared statement, so
 * the server plans it once per connection instead of once per call (Prisma's
 * raw queries are unnamed). `$1…$n` placeholders; values as `pg` takes them.
 */
export type PreparedQuery = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

export interface DatabaseConnection {
  kind: DatabaseKind;
  factory: SqlMigrationAwareDriverAdapterFactory;
  prepared: PreparedQuery;
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
  if (e.DATABASE_URL) return openPostgres(e.DATABASE_URL, e.DB_STATEMENT_TIMEOUT_MS);
  const dir = pgliteDataDir(e);
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dir);
  const pg = newPGlite(dir);
  return {
    kind: "pglite",
    factory: pgliteFactory(pg),
    // One process, one query at a time: nothing to gain from naming it.
    prepared: async <T>(_name: string, text: string, values: unknown[]) => (await pg.query<T>(text, values)).rows,
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
  const g = globalThis as typeof globalThis & { __vitrineLocks?: Set<string> };
  if (!g.__vitrineLocks) {
    const locks = new Set<string>();
    g.__vitrineLocks = locks;
    process.once("exit", () => locks.forEach((file) => rmSync(file, { force: true })));
  }
  return g.__vitrineLocks;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function openPostgres(connectionString: string, statementTimeout: number): DatabaseConnection {
  // Fail fast while the server is down (no hanging requests) and let the pool
  // open fresh connections once it is back: recovery needs no restart.
  const factory = new PrismaPg(
    {
      connectionString,
      max: 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: statementTimeout,
      query_timeout: statementTimeout + 2_000,
      application_name: "vitrine",
    },
    {
      onPoolError: (err) => log.warn("db.pool_error", { error: err.message }),
      onConnectionError: (err) => log.warn("db.connection_error", { error: err.message }),
    },
  );
  const withShadow: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      const pool = (adapter as unknown as { underlyingDriver(): Pool }).underlyingDriver();
      // Reported on /metrics until the adapter is disposed of.
      const stop = watchPool(() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
      const dispose = adapter.dispose.bind(adapter);
      return Object.assign(adapter, {
        dispose: async () => {
          stop();
          await dispose();
        },
      });
    },
    // adapter-pg cannot describe a shadow database for the WebAssembly engine
    // (it fails on the "char" catalog type): diffs use an in-memory PGlite.
    connectToShadowDb: () => pgliteFactory(newPGlite()).connect(),
  };
  // A few connections of its own for prepared statements (a prepared
  // statement lives on one connection: Prisma's pool hands them out blindly).
  const preparedPool = new pg.Pool({
    connectionString,
    max: 3,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + 2_000,
    application_name: "vitrine",
    // Planned again at each run with the run's values: a plan kept from the
    // first runs (an empty receipts table, a few rows per group) turned into
    // sequential scans as the tables grew. Only parsing is saved.
    options: "-c plan_cache_mode=force_custom_plan",
  });
  preparedPool.on("error", (err) => log.warn("db.pool_error", { error: err.message }));
  const stopWatching = watchPool(() => ({ total: preparedPool.totalCount, idle: preparedPool.idleCount, waiting: preparedPool.waitingCount }));
  return {
    kind: "postgres",
    prepared: async <T>(name: string, text: string, values: unknown[]) => (await preparedPool.query({ name, text, values })).rows as T[],
    factory: withAtomicScripts(withShadow, async (adapter, script) => {
      const pool = (adapter as unknown as { underlyingDriver(): Pool }).underlyingDriver();
      const client = await pool.connect();
      try {
        await client.query(script);
      } finally {
        client.release();
      }
    }),
    close: async () => {
      stopWatching();
      await preparedPool.end();
    },
  };
}

type ScriptRunner = (adapter: SqlDriverAdapter, script: string) => Promise<void>;

/**
 * Both driver adapters run migration scripts unsafely: @prisma/adapter-pg
 * 7.10.0 splits the script on every ";" (even inside comments and strings) and
 * sends the pieces one by one through the pool, so a failing migration leaves
 * half a schema; pglite-prisma-adapter 0.7.2 starts `exec` without awaiting
 * it, so a failure is recorded as success. Here the whole script goes as one
 * simple-protocol query on one connection, which PostgreSQL runs as a single
 * implicit transaction: a migration applies entirely or not at all.
 */
function withAtomicScripts(
  factory: SqlMigrationAwareDriverAdapterFactory,
  run: ScriptRunner,
): SqlMigrationAwareDriverAdapterFactory {
  const patch = (adapter: SqlDriverAdapter) =>
    Object.assign(adapter, { executeScript: (script: string) => run(adapter, script) });
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
