import { cpSync, mkdtempSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { runMigrateCli } from "../setup/migrate-cli";
import { lockDataDir } from "@/lib/server/database";
import { withDatabase } from "../setup/local-database";
import { testDatabase } from "../db";

// The migration tool, run as a person runs it, on the database of this project
// run: a fresh PGlite directory or a fresh PostgreSQL database per test.

const root = process.env.VITRINE_TEST_ROOT!;

export function copyPrismaDir(): string {
  const dir = mkdtempSync(path.join(root, "prisma-"));
  cpSync(path.resolve("prisma"), dir, { recursive: true });
  return dir;
}

export interface Target {
  env: Record<string, string>;
  query: (sql: string) => Promise<unknown[]>;
  /** Lets go of the embedded database query() holds open (nothing on PostgreSQL). */
  release: () => Promise<void>;
  close: () => Promise<void>;
}

export async function freshTarget(): Promise<Target> {
  if (testDatabase() === "postgres") {
    const name = `vitrine_mig_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = withDatabase(process.env.TEST_DATABASE_URL!, name);
    return {
      env: { DATABASE_URL: url },
      query: async (sql) => {
        const c = new Client({ connectionString: url });
        await c.connect();
        try {
          // Several statements come back as one result each: the last one's rows.
          const result = (await c.query(sql)) as unknown as { rows: unknown[] } | { rows: unknown[] }[];
          return Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows;
        } finally {
          await c.end();
        }
      },
      release: async () => {},
      close: async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  // A copy of the empty database global setup made (tests/setup/global-pglite.ts),
  // as CREATE DATABASE gives PostgreSQL an empty one: the tool on a directory
  // it makes itself is that setup's own migration, on every run.
  const empty = process.env.VITRINE_PGLITE_EMPTY;
  if (!empty) throw new Error("global-pglite setup did not run");
  const dataDir = mkdtempSync(path.join(root, "mig-"));
  cpSync(empty, dataDir, { recursive: true });
  const pgdata = path.join(dataDir, "pgdata");
  // One embedded database kept open from query to query (opening one costs
  // about a second of WebAssembly), under the data directory's lock as the
  // app takes it: a CLI started while it is open is refused, never lets two
  // processes write the same files. cli() closes it first.
  let open: { pg: PGlite; release: () => void } | undefined;
  const release = async () => {
    const held = open;
    open = undefined;
    if (!held) return;
    handles.delete(release);
    await held.pg.close();
    held.release();
  };
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    query: async (sql) => {
      if (!open) {
        const unlock = lockDataDir(pgdata);
        // pg_trgm, as the app opens it: writes to "User" and "Page" update trigram indexes.
        open = { pg: new PGlite(pgdata, { extensions: { pg_trgm } }), release: unlock };
        handles.add(release);
      }
      // exec: several statements at once; the last one's rows.
      return (await open.pg.exec(sql)).at(-1)?.rows ?? [];
    },
    release,
    close: release,
  };
}

/** The embedded databases query() holds open, closed before the tool or the app opens their directory. */
const handles = new Set<() => Promise<void>>();

/** Closes every embedded database this file's targets hold open (the app's own module is about to open one). */
async function releaseTargets() {
  await Promise.all([...handles].map((release) => release()));
}

export async function cli(env: Record<string, string>, args: string[]): Promise<{ ok: boolean; output: string }> {
  await releaseTargets();
  try {
    return { ok: true, output: runMigrateCli(env, args) };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}
