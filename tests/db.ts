import { Prisma } from "@/lib/generated/prisma/client";
import { db, ensureDatabaseReady } from "@/lib/server/db";

const TABLES = ["AuditLog", "RateLimit", "DailyLinkSourceStat", "DailyLinkStat", "DailyBreakdownStat", "DailyVisitorMark", "VisitorKey", "DailyProfileStat", "Link", "VerificationToken", "Session", "Account", "User"];

/** Empties every table (the schema stays): each test starts from nothing. */
export async function resetDatabase() {
  await ensureDatabaseReady();
  await db.$executeRaw(Prisma.sql`TRUNCATE ${Prisma.raw(TABLES.map((t) => `"${t}"`).join(", "))} CASCADE`);
}

export const testDatabase = () => (process.env.VITRINE_TEST_DB === "postgres" ? "postgres" : "pglite");
