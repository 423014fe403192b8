import "server-only";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { MigrationList } from "@prisma/schema-engine-wasm";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { createSchemaEngine } from "./schema-engine";

// Applies prisma/migrations on either database, recording them in
// _prisma_migrations exactly as `prisma migrate deploy` would. PostgreSQL runs
// each migration script (one simple-protocol query) as one implicit
// transaction, so a failing migration leaves no partial schema behind; the
// failure is recorded, and every later start refuses to run until it is fixed.

interface PrismaPaths {
  schema: string;
  migrations: string;
}

/** The schema folder (prisma/schema, one file per feature) and prisma/migrations under `dir` (default ./prisma). */
export function prismaPaths(dir = "prisma"): PrismaPaths {
  return {
    schema: path.resolve(/*turbopackIgnore: true*/ dir, "schema"),
    migrations: path.resolve(/*turbopackIgnore: true*/ dir, "migrations"),
  };
}

/** Every .prisma file of the schema folder (sub-folders included, as the Prisma CLI reads it), as [path, text] in path order. */
export async function readSchemaFiles(dir: string): Promise<[string, string][]> {
  const entries = await readdir(/*turbopackIgnore: true*/ dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith(".prisma"))
    .map((e) => path.join(/*turbopackIgnore: true*/ e.parentPath, e.name))
    .sort();
  if (!files.length) throw new MigrationError(`No .prisma file in ${dir}.`);
  return Promise.all(files.map(async (file): Promise<[string, string]> => [file, await readFile(file, "utf8")]));
}

const filters = { externalTables: [], externalEnums: [] };

export class MigrationError extends Error {
  override name = "MigrationError";
}

export async function listMigrations(dir = prismaPaths().migrations): Promise<MigrationList> {
  const lockfilePath = "migration_lock.toml";
  const lock = await readFile(path.join(/*turbopackIgnore: true*/ dir, lockfilePath), "utf8").catch(() => 'provider = "postgresql"\n');
  const entries = await readdir(/*turbopackIgnore: true*/ dir, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrationDirectories = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: await readFile(path.join(/*turbopackIgnore: true*/ dir, name, "migration.sql"), "utf8")
          .then((value) => ({ tag: "ok" as const, value }))
          .catch((err: Error) => ({ tag: "error" as const, value: err.message })),
      },
    })),
  );
  return { baseDir: dir, lockfile: { path: lockfilePath, content: lock }, shadowDbInitScript: "", migrationDirectories };
}

type AppliedRow = { name: string; finished: boolean; rolledBack: boolean };

async function readApplied(adapter: SqlDriverAdapter): Promise<AppliedRow[]> {
  const exists = await adapter.queryRaw({
    sql: "SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present",
    args: [],
    argTypes: [],
  });
  if (!exists.rows[0]?.[0]) return [];
  const res = await adapter.queryRaw({
    sql: "SELECT migration_name, finished_at IS NOT NULL, rolled_back_at IS NOT NULL FROM _prisma_migrations",
    args: [],
    argTypes: [],
  });
  return res.rows.map((r) => ({ name: String(r[0]), finished: Boolean(r[1]), rolledBack: Boolean(r[2]) }));
}

interface MigrationStatus {
  applied: string[];
  pending: string[];
  failed: string[];
}

export async function migrationStatus(factory: SqlMigrationAwareDriverAdapterFactory, list?: MigrationList): Promise<MigrationStatus> {
  const migrations = list ?? (await listMigrations());
  const adapter = await factory.connect();
  try {
    const rows = await readApplied(adapter);
    const done = new Set(rows.filter((r) => r.finished).map((r) => r.name));
    const failed = rows.filter((r) => !r.finished && !r.rolledBack).map((r) => r.name);
    const names = migrations.migrationDirectories.map((d) => d.path);
    return {
      applied: names.filter((n) => done.has(n)),
      pending: names.filter((n) => !done.has(n)),
      failed,
    };
  } finally {
    await adapter.dispose();
  }
}

/**
 * Brings the database up to date. Cheap when nothing is pending (one query, no
 * WebAssembly), so every start and every serverless cold start can call it.
 */
export async function applyMigrations(
  factory: SqlMigrationAwareDriverAdapterFactory,
  options: { paths?: PrismaPaths; onLog?: (message: string) => void } = {},
): Promise<string[]> {
  const paths = options.paths ?? prismaPaths();
  const list = await listMigrations(paths.migrations);
  let status = await migrationStatus(factory, list);
  // An unfinished row is either a migration that failed or one that another
  // instance is applying right now under Prisma's advisory lock: wait for the
  // lock, then look again.
  if (status.failed.length) {
    await waitForMigrationLock(factory);
    status = await migrationStatus(factory, list);
  }
  if (status.failed.length) {
    throw new MigrationError(
      `Migration ${status.failed.join(", ")} failed earlier; the database was left as it was before it. ` +
        "Fix the cause, delete its row from _prisma_migrations and start again.",
    );
  }
  if (!status.pending.length) return [];
  const schemaFiles = await readSchemaFiles(paths.schema);
  const logs: string[] = [];
  const opened = disposable(factory);
  try {
    const engine = await createSchemaEngine(schemaFiles, opened.factory, (m) => {
      logs.push(m);
      options.onLog?.(m);
    });
    try {
      const result = await engine.applyMigrations({ migrationsList: list, filters });
      return result.appliedMigrationNames;
    } catch (error) {
      throw new MigrationError(`Applying migrations failed: ${describe(error)}\n${logs.slice(-10).join("\n")}`);
    } finally {
      engine.free();
    }
  } finally {
    await opened.dispose();
  }
}

/** Prisma migrate's advisory lock key (the one `prisma migrate deploy` takes). */
const PRISMA_MIGRATION_LOCK = 72707369;

/**
 * Returns once no session holds the migration lock (60 s at most). It only
 * looks at pg_locks: taking the lock through a pool could leave it held on a
 * connection we do not own.
 */
async function waitForMigrationLock(factory: SqlMigrationAwareDriverAdapterFactory): Promise<void> {
  const adapter = await factory.connect();
  try {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const held = await adapter.queryRaw({
        sql: `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = ${PRISMA_MIGRATION_LOCK} AND granted) AS held`,
        args: [],
        argTypes: [],
      });
      if (!held.rows[0]?.[0]) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await adapter.dispose();
  }
}

/**
 * The engine never disposes the adapters it opens. On PostgreSQL each one is
 * a pool, and the idle connection that took Prisma's migration advisory lock
 * kept it until the pool timed it out: a second instance starting at the same
 * time waited 10 s for the lock and stopped. Ending those pools once the
 * engine is done releases the lock at once (and frees the connections).
 */
function disposable(factory: SqlMigrationAwareDriverAdapterFactory) {
  const adapters: SqlDriverAdapter[] = [];
  const track = async (open: () => Promise<SqlDriverAdapter>) => {
    const adapter = await open();
    adapters.push(adapter);
    return adapter;
  };
  const wrapped: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: () => track(() => factory.connect()),
    connectToShadowDb: () => track(() => factory.connectToShadowDb()),
  };
  return {
    factory: wrapped,
    dispose: () => Promise.all(adapters.splice(0).map((a) => a.dispose().catch(() => {}))),
  };
}

/** SQL that takes the migrations folder to the current schema (empty when in sync). */
export async function diffMigrationsToSchema(factory: SqlMigrationAwareDriverAdapterFactory, paths: PrismaPaths = prismaPaths()): Promise<string> {
  const list = await listMigrations(paths.migrations);
  const schemaFiles = await readSchemaFiles(paths.schema);
  const engine = await createSchemaEngine(schemaFiles, factory);
  try {
    const from = list.migrationDirectories.length ? { tag: "migrations" as const, ...list } : { tag: "empty" as const };
    const result = await engine.diff({
      from,
      to: { tag: "schemaDatamodel", files: schemaFiles.map(([file, content]) => ({ path: file, content })) },
      script: true,
      exitCode: null,
      filters,
    });
    const sql = result.stdout ?? "";
    return /^\s*(-- This is an empty migration\.?)?\s*$/.test(sql) ? "" : sql;
  } finally {
    engine.free();
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
