import { db } from "@/lib/server/db";

/**
 * Every row, in every table of the schema (including tables other features
 * add later), whose text or JSON columns contain any of `needles`
 * (case-insensitive): "table.column" with the count.
 */
export async function rowsNaming(needles: string[]): Promise<Record<string, number>> {
  const columns = await db.$queryRaw<{ table_name: string; column_name: string }[]>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name <> '_prisma_migrations'
      AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
    ORDER BY table_name, column_name`;
  const found: Record<string, number> = {};
  // Names come from information_schema, quoted as identifiers; the needles are bound parameters.
  const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
  for (const { table_name, column_name } of columns) {
    const where = needles.map((_, i) => `${ident(column_name)}::text ILIKE $${i + 1}`).join(" OR ");
    const [row] = await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM ${ident(table_name)} WHERE ${where}`,
      ...needles.map((n) => `%${n.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
    );
    if (row && row.n > 0) found[`${table_name}.${column_name}`] = row.n;
  }
  return found;
}
