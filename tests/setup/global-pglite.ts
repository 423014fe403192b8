import { mkdtempSync } from "node:fs";
import path from "node:path";
import { runMigrateCli } from "./migrate-cli";
import { scratchDir } from "./scratch.mjs";

// One migrated PGlite data directory per run; each test file starts from a copy.
export default async function globalSetup() {
  const root = mkdtempSync(path.join(scratchDir(), "vitrine-jest-"));
  const template = path.join(root, "template");
  runMigrateCli({ DATA_DIR: template, DATABASE_URL: "" });
  process.env.VITRINE_TEST_ROOT = root;
  process.env.VITRINE_PGLITE_TEMPLATE = template;
}
