import { rmSync } from "node:fs";
import { Client } from "pg";

export default async function globalTeardown() {
  const base = process.env.TEST_DATABASE_URL;
  const run = process.env.VITRINE_PG_RUN;
  if (base && run) {
    const admin = new Client({ connectionString: base });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2", [run, `${run}\\_%`]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
    delete process.env.VITRINE_PG_RUN;
  }
  const root = process.env.VITRINE_TEST_ROOT;
  if (root) rmSync(root, { recursive: true, force: true });
  delete process.env.VITRINE_TEST_ROOT;
}
