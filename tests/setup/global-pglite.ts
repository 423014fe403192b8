import { mkdtempSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { runMigrateCli } from "./migrate-cli";
import { TEST_PARTITIONS_SQL } from "./test-partitions";
import { scratchDir } from "./scratch.mjs";

// One migrated PGlite data directory per run; each test file starts from a copy.
export default async function globalSetup() {
  const root = mkdtempSync(path.join(scratchDir(), "vitrine-jest-"));
  const template = path.join(root, "template");
  runMigrateCli({ DATA_DIR: template, DATABASE_URL: "" });
  const pg = new PGlite(path.join(template, "pgdata"), { extensions: { pg_trgm } });
  await pg.exec(TEST_PARTITIONS_SQL);
  await pg.close();
  process.env.VITRINE_TEST_ROOT = root;
  process.env.VITRINE_PGLITE_TEMPLATE = template;
}
