import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

// Set-based helpers of the group commit (./count-store.ts): per-key sums of a
// group, and the upsert that adds them to daily rows in key order.

export const unique = (values: string[]) => [...new Set(values)];

export function tally<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return out;
}

/** Sums of `values` per composite key. */
export function sums<T>(items: T[], key: (item: T) => string[], values: (item: T) => number[]) {
  const out = new Map<string, { key: string[]; values: number[] }>();
  for (const item of items) {
    const k = key(item);
    const id = k.join("\u0000");
    const row = out.get(id) ?? { key: k, values: values(item).map(() => 0) };
    values(item).forEach((v, i) => (row.values[i]! += v));
    out.set(id, row);
  }
  return out;
}

/**
 * A CTE `name` adding `amounts` to the row of each key (INSERT … ON CONFLICT
 * DO UPDATE, in key order). Table and column names are constants of the
 * callers, never input.
 */
export function upsert(
  name: string,
  table: string,
  keyColumns: string[],
  amountColumns: string[],
  rows: Map<string, { key: string[]; values: number[] }>,
): Prisma.Sql {
  const sorted = [...rows.keys()].sort().map((k) => rows.get(k)!);
  const columns = [...keyColumns, ...amountColumns];
  const arrays = [
    ...keyColumns.map((_, i) => Prisma.sql`${sorted.map((r) => r.key[i]!)}::text[]`),
    ...amountColumns.map((_, i) => Prisma.sql`${sorted.map((r) => r.values[i]!)}::int[]`),
  ];
  const alias = columns.map((_, i) => `c${i}`);
  const select = columns.map((c, i) => (c === "day" ? `t.c${i}::date` : `t.c${i}`)).join(", ");
  const quoted = columns.map((c) => `"${c}"`).join(", ");
  const updates = amountColumns.map((c) => `"${c}" = "${table}"."${c}" + EXCLUDED."${c}"`).join(", ");
  const order = keyColumns.map((_, i) => `t.c${i}`).join(", ");
  return Prisma.sql`${Prisma.raw(name)} AS (
    INSERT INTO ${Prisma.raw(`"${table}"`)} (${Prisma.raw(quoted)})
    SELECT ${Prisma.raw(select)} FROM unnest(${Prisma.join(arrays)}) AS t(${Prisma.raw(alias.join(", "))})
    ORDER BY ${Prisma.raw(order)}
    ON CONFLICT (${Prisma.raw(keyColumns.map((c) => `"${c}"`).join(", "))}) DO UPDATE SET ${Prisma.raw(updates)}
  )`;
}
