import { mkdtempSync } from "node:fs";
import path from "node:path";
import type { Config } from "jest";
import { Client } from "pg";
import { assertLocalDatabase, withDatabase } from "./local-database";
import { runMigrateCli } from "./migrate-cli";
import { TEST_PARTITIONS_SQL } from "./test-partitions";
import { scratchDir } from "./scratch.mjs";

// A fresh database per run, migrated by our CLI, then one copy per Jest worker
// so that parallel test files never truncate each other's rows.
export default async function globalSetup(globalConfig: { maxWorkers: number } & Config) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  assertLocalDatabase(base);
  const run = `vitrine_t_${Date.now().toString(36)}_${process.pid}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${run}"`);
    runMigrateCli({ DATABASE_URL: withDatabase(base, run) });
    const migrated = new Client({ connectionString: withDatabase(base, run) });
    await migrated.connect();
    await migrated.query(TEST_PARTITIONS_SQL);
    await migrated.end();
    const workers = Math.max(1, globalConfig.maxWorkers ?? 1);
    for (let i = 1; i <= workers; i++) {
      await admin.query(`CREATE DATABASE "${run}_${i}" TEMPLATE "${run}"`);
      // A test database survives no crash anyway: commits need not wait for
      // the disk (the settings of a database are not copied by TEMPLATE).
      await admin.query(`ALTER DATABASE "${run}_${i}" SET synchronous_commit = off`);
    }
  } finally {
    await admin.end();
  }
  process.env.VITRINE_PG_RUN = run;
  process.env.VITRINE_TEST_ROOT ??= mkdtempSync(path.join(scratchDir(), "vitrine-jest-"));
}
