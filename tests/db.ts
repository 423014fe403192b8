import { Prisma } from "@/lib/generated/prisma/client";
import { db, ensureDatabaseReady } from "@/lib/server/db";

/** Empties every table (the schema stays): each test starts from nothing. */
export async function resetDatabase() {
  await ensureDatabaseReady();
  tables ??= (
    await db.$queryRaw<{ name: string }[]>(Prisma.sql`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`)
  ).map((t) => t.name);
  await db.$executeRaw(Prisma.sql`TRUNCATE ${Prisma.raw(tables.map((t) => `"${t}"`).join(", "))} CASCADE`);
}

/** Every table of the schema but the migrations' (read once per test file). */
let tables: string[] | undefined;

export const testDatabase = () => (process.env.VITRINE_TEST_DB === "postgres" ? "postgres" : "pglite");
