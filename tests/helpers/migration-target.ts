import { cpSync, mkdtempSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { runMigrateCli } from "../setup/migrate-cli";
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

export async function freshTarget(): Promise<{ env: Record<string, string>; query: (sql: string) => Promise<unknown[]>; close: () => Promise<void> }> {
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
      close: async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(root, "mig-"));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    query: async (sql) => {
      // pg_trgm, as the app opens it: writes to "User" and "Page" update trigram indexes.
      const pg = new PGlite(path.join(dataDir, "pgdata"), { extensions: { pg_trgm } });
      try {
        // exec: several statements at once; the last one's rows.
        return (await pg.exec(sql)).at(-1)?.rows ?? [];
      } finally {
        await pg.close();
      }
    },
    close: async () => {},
  };
}

export function cli(env: Record<string, string>, args: string[]): { ok: boolean; output: string } {
  try {
    return { ok: true, output: runMigrateCli(env, args) };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}
