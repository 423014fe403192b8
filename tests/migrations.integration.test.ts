import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { execFile } from "node:child_process";
import { testDatabase } from "./db";
import { cli, copyPrismaDir, freshTarget } from "./helpers/migration-target";

// The migration tool, run as a person runs it, on the database of this project
// run: a fresh PGlite directory or a fresh PostgreSQL database per test.

describe("npm run db:migrate", () => {
  jest.setTimeout(90_000);

  it("applies a migration entirely or not at all, and refuses to go on after a failure", async () => {
    const prismaDir = copyPrismaDir();
    const broken = path.join(prismaDir, "migrations", "29990101000000_broken");
    mkdirSync(broken);
    // The first statement would succeed on its own; the second fails.
    writeFileSync(path.join(broken, "migration.sql"), 'CREATE TABLE "Oops" ("id" INT);\nSELECT no_such_function();\n');
    const target = await freshTarget();
    try {
      const first = await cli(target.env, ["deploy", "--prisma-dir", prismaDir]);
      expect(first.ok).toBe(false);
      expect(first.output).toMatch(/no_such_function/);
      // Nothing of the failed migration is left, the earlier one is complete.
      expect(await target.query(`SELECT to_regclass('"Oops"')::text AS t`)).toEqual([{ t: null }]);
      expect(await target.query(`SELECT to_regclass('"User"')::text AS t`)).toEqual([{ t: '"User"' }]);

      const status = await cli(target.env, ["status", "--prisma-dir", prismaDir]);
      expect(status.ok).toBe(false);
      expect(status.output).toMatch(/failed: 29990101000000_broken/);

      const again = await cli(target.env, ["deploy", "--prisma-dir", prismaDir]);
      expect(again.ok).toBe(false);
      expect(again.output).toMatch(/failed earlier/);
    } finally {
      await target.close();
    }
  });

  // Two instances starting together: the second sees the first one's row
  // (not finished yet, under Prisma's advisory lock) and must wait for it, not
  // take it for a failed migration (PostgreSQL only: PGlite has one process).
  (testDatabase() === "postgres" ? it : it.skip)("waits for a migration another process is applying", async () => {
    const prismaDir = copyPrismaDir();
    const later = "29990101000000_later";
    mkdirSync(path.join(prismaDir, "migrations", later));
    const sql = 'CREATE TABLE "Later" ("id" INT);\n';
    writeFileSync(path.join(prismaDir, "migrations", later, "migration.sql"), sql);
    const target = await freshTarget();
    const other = new Client({ connectionString: target.env.DATABASE_URL });
    try {
      expect((await cli(target.env, ["deploy"])).ok).toBe(true);
      await other.connect();
      // What the engine does while it applies a migration: lock, then a row with no finished_at.
      await other.query("SELECT pg_advisory_lock(72707369)");
      const { createHash } = await import("node:crypto");
      await other.query(
        `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count)
         VALUES (gen_random_uuid()::text, $1, $2, now(), 0)`,
        [createHash("sha256").update(sql).digest("hex"), later],
      );
      const root = path.resolve(__dirname, "..");
      const deploy = new Promise<{ ok: boolean; output: string }>((resolve) => {
        execFile(
          path.join(root, "node_modules/.bin/tsx"),
          ["--conditions=react-server", "scripts/migrate.ts", "deploy", "--prisma-dir", prismaDir],
          { cwd: root, env: { ...process.env, NODE_OPTIONS: "", ...target.env }, encoding: "utf8" },
          (error, stdout, stderr) => resolve({ ok: !error, output: `${stdout}${stderr}` }),
        );
      });
      await new Promise((r) => setTimeout(r, 3_000));
      await other.query(sql);
      await other.query(`UPDATE _prisma_migrations SET finished_at = now(), applied_steps_count = 1 WHERE migration_name = $1`, [later]);
      await other.query("SELECT pg_advisory_unlock(72707369)");
      const result = await deploy;
      expect(result.output).not.toMatch(/failed earlier/);
      expect(result.ok).toBe(true);
      expect(await target.query(`SELECT count(*)::int AS n FROM _prisma_migrations WHERE migration_name = '${later}'`)).toEqual([{ n: 1 }]);
    } finally {
      await other.end().catch(() => {});
      await target.close();
    }
  });

  it("records migrations the way prisma migrate deploy does", async () => {
    const target = await freshTarget();
    try {
      expect((await cli(target.env, ["deploy"])).ok).toBe(true);
      const rows = (await target.query("SELECT migration_name, checksum, finished_at IS NOT NULL AS done FROM _prisma_migrations")) as {
        migration_name: string;
        checksum: string;
        done: boolean;
      }[];
      const dirs = readdirSync(path.resolve("prisma/migrations"), { withFileTypes: true }).filter((d) => d.isDirectory());
      expect(rows).toHaveLength(dirs.length);
      const { createHash } = await import("node:crypto");
      for (const row of rows) {
        const sql = readFileSync(path.resolve("prisma/migrations", row.migration_name, "migration.sql"));
        expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
        expect(row.done).toBe(true);
      }
      expect((await cli(target.env, ["deploy"])).output).toMatch(/up to date/);
    } finally {
      await target.close();
    }
  });

  // The schema is a folder of files (prisma/schema): the diff reads them all,
  // so a schema spread over several files builds the same database.
  it("every migration builds the declared schema", async () => {
    const prismaDir = copyPrismaDir();
    const files = readdirSync(path.join(prismaDir, "schema")).filter((f) => f.endsWith(".prisma"));
    expect(files.length).toBeGreaterThan(1);
    const result = await cli({}, ["create", "drift", "--prisma-dir", prismaDir]);
    expect(result.output).toMatch(/No schema changes/);
    expect(result.ok).toBe(true);
    expect(readdirSync(path.join(prismaDir, "migrations")).filter((d) => d.endsWith("_drift"))).toEqual([]);
  });

  it("creates a migration from a schema change, which deploy then applies", async () => {
    const prismaDir = copyPrismaDir();
    // Page lives in its feature's file, not in the one with the generator.
    const schemaFile = path.join(prismaDir, "schema", "pages.prisma");
    writeFileSync(
      schemaFile,
      readFileSync(schemaFile, "utf8").replace(
        '  bio               String        @default("")',
        '  bio               String        @default("")\n  nickname          String?',
      ),
    );
    const target = await freshTarget();
    try {
      const created = await cli(target.env, ["create", "add_nickname", "--prisma-dir", prismaDir]);
      expect(created.ok).toBe(true);
      const dir = readdirSync(path.join(prismaDir, "migrations")).find((d) => d.endsWith("_add_nickname"));
      expect(dir).toBeDefined();
      const sql = readFileSync(path.join(prismaDir, "migrations", dir!, "migration.sql"), "utf8");
      expect(sql).toContain('ALTER TABLE "Page" ADD COLUMN     "nickname" TEXT');

      expect((await cli(target.env, ["deploy", "--prisma-dir", prismaDir])).ok).toBe(true);
      const columns = await target.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'Page' AND column_name = 'nickname'");
      expect(columns).toHaveLength(1);
      expect((await cli(target.env, ["create", "nothing", "--prisma-dir", prismaDir])).output).toMatch(/No schema changes/);
    } finally {
      await target.close();
    }
  });
});
