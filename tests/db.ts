import { Prisma } from "@/lib/generated/prisma/client";
import { db, ensureDatabaseReady } from "@/lib/server/db";
import { TEST_PARTITIONS_SQL } from "./setup/test-partitions";

/**
 * Empties every table (the schema stays): each test starts from nothing.
 *
 * Only the tables that hold rows are emptied, with DELETE and the foreign
 * keys' triggers off for that one transaction (session_replication_role;
 * the test databases' user is a superuser): TRUNCATE of every table made new
 * files for each table and index on every test, most of a small test's time
 * on both databases. Every table with a row is emptied, so no key can point
 * at a row that is gone.
 */
export async function resetDatabase() {
  await ensureDatabaseReady();
  tables ??= (
    await db.$queryRaw<{ name: string }[]>(Prisma.sql`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
        AND NOT EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhrelid = format('%I', table_name)::regclass)`)
  ).map((t) => t.name);
  await ensureTestPartitions();
  const filled = await db.$queryRawUnsafe<{ name: string }[]>(
    tables.map((t) => `SELECT '${t}' AS name WHERE EXISTS (SELECT 1 FROM "${t}")`).join(" UNION ALL "),
  );
  if (filled.length === 0) return;
  await db.$transaction([
    db.$executeRawUnsafe("SET LOCAL session_replication_role = replica"),
    ...filled.map((t) => db.$executeRawUnsafe(`DELETE FROM "${t.name}"`)),
  ]);
}

async function ensureTestPartitions() {
  await db.$executeRawUnsafe(TEST_PARTITIONS_SQL);
}

/** Every table of the schema but the migrations' and the partitions (read once per test file; a partition's rows go with its parent's). */
let tables: string[] | undefined;

export const testDatabase = () => (process.env.VITRINE_TEST_DB === "postgres" ? "postgres" : "pglite");
