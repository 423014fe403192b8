import { cpSync, mkdirSync, mkdtempSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { runMigrateCli } from "./migrate-cli";
import { TEST_PARTITIONS_SQL } from "./test-partitions";
import { scratchDir } from "./scratch.mjs";

// One migrated PGlite data directory per run; each test file starts from a copy.
// Before it, one empty database (initdb, seconds of WebAssembly): the migrated
// template starts as its copy, and so does every "fresh" database of the
// migration tests (tests/helpers/migration-target.ts), which would otherwise
// each pay for an initdb of their own.
export default async function globalSetup() {
  const root = mkdtempSync(path.join(scratchDir(), "vitrine-jest-"));
  const empty = path.join(root, "empty");
  mkdirSync(empty);
  const made = new PGlite(path.join(empty, "pgdata"), { extensions: { pg_trgm } });
  await made.waitReady;
  await made.close();
  const template = path.join(root, "template");
  cpSync(empty, template, { recursive: true });
  runMigrateCli({ DATA_DIR: template, DATABASE_URL: "" });
  const pg = new PGlite(path.join(template, "pgdata"), { extensions: { pg_trgm } });
  await pg.exec(TEST_PARTITIONS_SQL);
  await pg.close();
  process.env.VITRINE_TEST_ROOT = root;
  process.env.VITRINE_PGLITE_EMPTY = empty;
  process.env.VITRINE_PGLITE_TEMPLATE = template;
}
