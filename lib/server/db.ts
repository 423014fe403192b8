import "server-only";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { openDatabase, type DatabaseConnection, type PreparedQuery } from "./database";
import { env } from "./env";
import { log } from "./log";
import { applyMigrations } from "./migrations";

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

interface State {
  connection: DatabaseConnection;
  client: Db;
  ready?: Promise<void>;
}

const globals = globalThis as typeof globalThis & { __vitrineDb?: State };

function state(): State {
  if (!globals.__vitrineDb) {
    const connection = openDatabase(env());
    globals.__vitrineDb = { connection, client: createClient(connection) };
  }
  return globals.__vitrineDb;
}

/** The Prisma client; every property is read from the lazily created instance. */
export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    const client = state().client;
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** Named prepared statements (lib/server/database.ts, PreparedQuery), on the same database as `db`. */
export const preparedQuery: PreparedQuery = (name, text, values) => state().connection.prepared(name, text, values);

export function databaseKind() {
  return state().connection.kind;
}

/**
 * Applies pending migrations once per process. Called at start-up
 * (instrumentation.ts); a failure is fatal there, so the app never serves on a
 * half-migrated database.
 */
export function ensureDatabaseReady(): Promise<void> {
  const s = state();
  s.ready ??= applyMigrations(s.connection.factory).then((applied) => {
    if (applied.length) log.info("db.migrated", { applied, database: s.connection.kind });
  });
  s.ready.catch(() => {
    s.ready = undefined;
  });
  return s.ready;
}

/** A consistent copy of the embedded database while the app runs (null on PostgreSQL). */
export function snapshotDatabase(): Promise<Blob> | null {
  return state().connection.snapshot?.() ?? null;
}

/** Closes the connection (tests and graceful shutdown). */
export async function disconnectDatabase() {
  const s = globals.__vitrineDb;
  if (!s) return;
  globals.__vitrineDb = undefined;
  await s.client.$disconnect();
  await s.connection.close();
}
