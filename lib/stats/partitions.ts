import "server-only";
import { db, type Tx } from "@/lib/server/db";
import { saoPauloDay } from "@/lib/dates/sao-paulo-days";

// The monthly partitions of the per-day tables that grow with links and
// sources (migration 20261128094800_stats_monthly_partitions; api.md,
// Statistics at internet scale). Partitions are made ahead of time (at start
// and by the jobs, this month and MONTHS_AHEAD more), and on the spot by a
// count whose month has none (lib/stats/count-store.ts): no count is ever
// lost to a missing partition. Retention drops whole months past the window
// (DETACH, then DROP: no row by row DELETE, no WAL per row, no vacuum) and
// deletes row by row only the boundary month's expired days. No trigger
// watches these three tables (the platform's counters follow
// DailyProfileStat), so a dropped month leaves every counter exact.
//
// The DDL itself is the database function "vitrine_stats_partitions"(first,
// last) the migration defines (names "{table}_p{YYYYMM}", each created apart
// and then attached, one caller at a time): the app, `npm run db:migrate`,
// the tests and the bench all make partitions through it.

export const PARTITIONED_TABLES = ["DailyLinkStat", "DailyLinkSourceStat", "DailyBreakdownStat"] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/** Months made ahead of the current São Paulo month. */
export const MONTHS_AHEAD = 2;

/**
 * How long DDL on a parent may wait for its lock: ATTACH, DETACH and DROP
 * queue behind a long read, and every count would then queue behind them. Past
 * it the statement fails and the next run (a minute later) tries again.
 */
const LOCK_TIMEOUT_MS = 3_000;

/** The first day of an ISO day's month ("2026-11-28" → "2026-11-01"). */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** A month's first day `n` months later (or earlier). */
export function addMonths(month: string, n: number): string {
  const d = new Date(`${monthOf(month)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
}

/** The partition of `table` that holds `day` ("DailyLinkStat_p202611"). */
export function partitionName(table: PartitionedTable, day: string): string {
  return `${table}_p${day.slice(0, 4)}${day.slice(5, 7)}`;
}

/** The months [first, last] whose partitions must exist at `now`: this São Paulo month and `monthsAhead` more. */
export function monthsDue(now: Date, monthsAhead = MONTHS_AHEAD): { first: string; last: string } {
  const first = monthOf(saoPauloDay(now));
  return { first, last: addMonths(first, monthsAhead) };
}

/**
 * The SQL that makes the partitions due at `now` when the function exists (a
 * database migrated to an earlier release has none): `npm run db:migrate`
 * runs it after the migrations.
 */
export function ensurePartitionsSql(now: Date, monthsAhead = MONTHS_AHEAD): string {
  const { first, last } = monthsDue(now, monthsAhead);
  return `DO $$ BEGIN
    IF to_regproc('vitrine_stats_partitions') IS NOT NULL THEN PERFORM "vitrine_stats_partitions"('${first}', '${last}'); END IF;
  END $$`;
}

async function createPartitions(tx: Tx, first: string, last: string): Promise<number> {
  await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}`);
  const [row] = await tx.$queryRaw<{ created: number }[]>`SELECT "vitrine_stats_partitions"(${first}::date, ${last}::date) AS "created"`;
  return row?.created ?? 0;
}

/** Makes this month's partitions and `monthsAhead` more where missing; returns how many it made. */
export async function ensurePartitions(now: Date = new Date(), monthsAhead = MONTHS_AHEAD, tx?: Tx): Promise<number> {
  const { first, last } = monthsDue(now, monthsAhead);
  if (tx) return createPartitions(tx, first, last);
  return db.$transaction((t) => createPartitions(t, first, last));
}

/** Makes the partitions of the months of these days (ISO) where missing: a count's days, before its retry. */
export async function ensurePartitionsForDays(days: string[]): Promise<number> {
  const months = [...new Set(days.map(monthOf))].sort();
  let created = 0;
  for (const month of months) created += await db.$transaction((t) => createPartitions(t, month, month));
  return created;
}

/** PostgreSQL's "no partition of relation … found for row" (check_violation, 23514). */
export function isMissingPartition(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === "23514" || /no partition of relation/.test(String(e?.message ?? error));
}

export interface Partition {
  table: PartitionedTable;
  name: string;
  /** First day held (inclusive), ISO. */
  from: string;
  /** First day not held (exclusive), ISO. */
  to: string;
}

/** Every partition of the three tables, oldest first, with its range (read from the catalog, whatever its name). */
export async function listPartitions(tx: Tx | typeof db = db): Promise<Partition[]> {
  const rows = await tx.$queryRaw<{ table: PartitionedTable; name: string; bound: string }[]>`
    SELECT p.relname AS "table", c.relname AS "name", pg_get_expr(c.relpartbound, c.oid) AS "bound"
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
    WHERE p.relnamespace = current_schema()::regnamespace AND p.relname = ANY(${[...PARTITIONED_TABLES]}::text[])`;
  return rows
    .flatMap((r) => {
      const m = /FROM \('(\d{4}-\d{2}-\d{2})'\) TO \('(\d{4}-\d{2}-\d{2})'\)/.exec(r.bound);
      return m ? [{ table: r.table, name: r.name, from: m[1]!, to: m[2]! }] : [];
    })
    .sort((a, b) => a.from.localeCompare(b.from) || a.table.localeCompare(b.table));
}

/**
 * Detaches and drops one partition (its rows all past the window). No
 * trigger fires, none is needed: nothing is counted from these tables.
 */
export async function dropPartition(tx: Tx, partition: Partition): Promise<void> {
  await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}`);
  await tx.$executeRawUnsafe(`ALTER TABLE "${partition.table}" DETACH PARTITION "${partition.name}"`);
  await tx.$executeRawUnsafe(`DROP TABLE "${partition.name}"`);
}
