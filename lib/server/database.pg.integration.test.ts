import { openPostgres } from "./database";

// PostgreSQL only: the pool's statement limits (DB_STATEMENT_TIMEOUT_MS, as
// a startup parameter and on the client) are for requests. A migration
// script runs without them (a migration copying a large table takes minutes:
// bench:stats-scale at 100,000 accounts), and the connection it used goes
// back to the pool with its limit.
it("a migration script runs past the pool's statement limits; its connection keeps them afterwards", async () => {
  const url = process.env.DATABASE_URL!;
  const connection = openPostgres(url, { poolMax: 1, idleMs: 1_000, serverStatementTimeoutMs: 300, clientTimeoutMs: 600 });
  const table = `migration_limit_${process.pid}`;
  try {
    const adapter = await connection.factory.connect();
    await adapter.executeScript(`SELECT pg_sleep(1); CREATE TABLE "${table}" ("id" int); INSERT INTO "${table}" VALUES (1)`);
    expect(await connection.query(`SELECT "id" FROM "${table}"`, [])).toEqual([{ id: 1 }]);
    // The same (only) connection: its limit is back for what follows.
    expect(await connection.query("SHOW statement_timeout", [])).toEqual([{ statement_timeout: "300ms" }]);
    await expect(connection.query("SELECT pg_sleep(1)", [])).rejects.toThrow(/statement timeout/);
    await adapter.dispose();
  } finally {
    await connection.query(`DROP TABLE IF EXISTS "${table}"`, []);
    await connection.close();
  }
});
