import "server-only";

// Rows per table of the app's schema (the migrations' own table apart): what
// "an empty database" means for a restore, and what a restore is checked by.

export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

export async function tableCounts(query: Query): Promise<Record<string, number>> {
  const tables = await query(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
     ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await query(`SELECT count(*)::int AS n FROM "${String(name).replace(/"/g, '""')}"`);
    counts[String(name)] = Number(row?.n ?? 0);
  }
  return counts;
}

export const totalRows = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

export function describeCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts);
  return entries.length ? entries.map(([t, n]) => `${t} ${n}`).join(", ") : "no tables";
}

/** Thrown for what the operator must fix (printed without a stack trace). */
export class OpsError extends Error {
  override name = "OpsError";
}
