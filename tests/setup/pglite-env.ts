import { cpSync, mkdtempSync } from "node:fs";
import path from "node:path";

// A private copy of the migrated template for this test file: the app's own
// code then opens it exactly as in production (DATA_DIR/pgdata).
const template = process.env.VITRINE_PGLITE_TEMPLATE;
const root = process.env.VITRINE_TEST_ROOT;
if (!template || !root) throw new Error("global-pglite setup did not run");
const dir = mkdtempSync(path.join(root, "file-"));
cpSync(path.join(template, "pgdata"), path.join(dir, "pgdata"), { recursive: true });
process.env.DATA_DIR = dir;
delete process.env.DATABASE_URL;
process.env.VITRINE_TEST_DB = "pglite";
process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
