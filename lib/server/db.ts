import "server-only";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { openDatabase, openPostgres, postgresOptions, type DatabaseConnection, type RawQuery } from "./database";
import { env, isServerless, migrationUrl } from "./env";
import { processState } from "./host.mjs";
import { log } from "./log";
import { applyMigrations, listMigrations, MigrationError, migrationStatus } from "./migrations";

// The process-wide Prisma client. Created on first use (never at import, so
// `next build` opens no database) and kept on globalThis so that every bundle
// of this process shares one PGlite, which can be open in one process only.

function createClient(connection: DatabaseConnection) {
  return new PrismaClient({
    adapter: connection.factory,
    // Secrets are opt-in: a query must ask for passwordHash by name.
    omit: { user: { passwordHash: true } },
  });
}

export type Db = ReturnType<typeof createClient>;
/** The client of an interactive transaction (`db.$transaction(async (tx) => …)`). */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

interface State {
  connection: DatabaseConnection;
  client: Db;
  ready?: Promise<void>;
}

/** One database per process, whichever bundle asks first. */
const holder = processState<{ current?: State }>("database", () => ({}));

function state(): State {
  if (!holder.current) {
    const connection = openDatabase(env());
    holder.current = { connection, client: createClient(connection) };
  }
  return holder.current;
}

/** The Prisma client; every property is read from the lazily created instance. */
export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    const client = state().client;
    const value: unknown = Reflect.get(client, property, client);
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(client) : value;
  },
});

/** A statement sent as is (lib/server/database.ts, RawQuery), on the same pool as `db`. */
export const rawQuery: RawQuery = (text, values) => state().connection.query(text, values);

export function databaseKind() {
  return state().connection.kind;
}

/**
 * Brings the schema up to date once per process, at start-up
 * (instrumentation.ts); a failure is fatal there, so the app never serves on
 * a half-migrated database. Migrations go through the direct address
 * (DATABASE_URL_UNPOOLED or DIRECT_URL) when one is set: a transaction pooler
 * cannot hold the migration lock. On a serverless host the build applies them
 * (`npm run db:migrate`), and a cold start only checks, in one query, that
 * none is pending or failed.
 */
export function ensureDatabaseReady(): Promise<void> {
  const s = state();
  s.ready ??= (isServerless() ? checkMigrations(s.connection) : migrate(s.connection)).then((applied) => {
    if (applied.length) log.info("db.migrated", { applied, database: s.connection.kind });
  });
  s.ready.catch(() => {
    s.ready = undefined;
  });
  return s.ready;
}

async function migrate(connection: DatabaseConnection): Promise<string[]> {
  const e = env();
  const direct = migrationUrl(e);
  if (connection.kind !== "postgres" || !direct) return applyMigrations(connection.factory);
  // A pool of its own, ended right after: the schema engine's advisory lock
  // must not stay on an idle connection of the app's pool, where another
  // instance starting at the same time would wait for it until it times out.
  const own = openPostgres(direct, { ...postgresOptions(e), poolMax: 2, idleMs: 1_000 });
  try {
    return await applyMigrations(own.factory);
  } finally {
    await own.close();
  }
}

async function checkMigrations(connection: DatabaseConnection): Promise<string[]> {
  const status = await migrationStatus(connection.factory, await listMigrations());
  const waiting = [...status.failed, ...status.pending];
  if (waiting.length) {
    throw new MigrationError(`Migrations not applied: ${waiting.join(", ")}. Run npm run db:migrate (the build command does) before serving.`);
  }
  return [];
}

/** A consistent copy of the embedded database while the app runs (null on PostgreSQL). */
export function snapshotDatabase(): Promise<Blob> | null {
  return state().connection.snapshot?.() ?? null;
}

/** Closes the connection (tests and graceful shutdown). */
export async function disconnectDatabase() {
  const s = holder.current;
  if (!s) return;
  holder.current = undefined;
  await s.client.$disconnect();
  await s.connection.close();
}
