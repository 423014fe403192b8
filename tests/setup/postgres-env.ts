import { mkdtempSync } from "node:fs";
import path from "node:path";
import { withDatabase } from "./local-database";

const base = process.env.TEST_DATABASE_URL;
const run = process.env.VITRINE_PG_RUN;
const root = process.env.VITRINE_TEST_ROOT;
if (!base || !run || !root) throw new Error("global-postgres setup did not run");
process.env.DATABASE_URL = withDatabase(base, `${run}_${process.env.JEST_WORKER_ID ?? "1"}`);
process.env.DATA_DIR = mkdtempSync(path.join(root, "pg-file-"));
process.env.VITRINE_TEST_DB = "postgres";
process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
