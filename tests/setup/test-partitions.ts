// The statistics tables partitioned by month (lib/stats/partitions.ts) take
// only days whose month has a partition. Every test database holds the months
// of the default 400-day window (which the jobs' retention never drops) and a
// year ahead: made once in the migrated template (global setup), and again by
// resetDatabase when a test with a shorter STATS_RETENTION_DAYS dropped some.
// A test that writes older days makes their months itself.
export const TEST_PARTITIONS_SQL = `SELECT "vitrine_stats_partitions"(current_date - 390, (current_date + interval '12 months')::date)`;
