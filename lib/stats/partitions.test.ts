import { addMonths, ensurePartitionsSql, isMissingPartition, monthOf, monthsDue, partitionName } from "./partitions";

// Which months' partitions are due, and their names (lib/stats/partitions.ts).

it("names a day's partition by its month", () => {
  expect(partitionName("DailyLinkStat", "2026-11-30")).toBe("DailyLinkStat_p202611");
  expect(partitionName("DailyBreakdownStat", "2027-01-01")).toBe("DailyBreakdownStat_p202701");
  expect(monthOf("2026-02-28")).toBe("2026-02-01");
  expect(addMonths("2026-11-01", 2)).toBe("2027-01-01");
  expect(addMonths("2026-01-31", 1)).toBe("2026-02-01");
  expect(addMonths("2026-03-01", -3)).toBe("2025-12-01");
});

it("counts months from São Paulo's day, not UTC's", () => {
  // 02:59 UTC on 1 December is still 30 November in São Paulo.
  expect(monthsDue(new Date("2026-12-01T02:59:00Z"))).toEqual({ first: "2026-11-01", last: "2027-01-01" });
  expect(monthsDue(new Date("2026-12-01T03:00:00Z"))).toEqual({ first: "2026-12-01", last: "2027-02-01" });
  expect(monthsDue(new Date("2026-12-01T03:00:00Z"), 0)).toEqual({ first: "2026-12-01", last: "2026-12-01" });
  expect(ensurePartitionsSql(new Date("2026-12-01T03:00:00Z"))).toContain(`"vitrine_stats_partitions"('2026-12-01', '2027-02-01')`);
});

it("tells PostgreSQL's missing-partition error from others", () => {
  expect(isMissingPartition(Object.assign(new Error('no partition of relation "DailyLinkStat" found for row'), { code: "23514" }))).toBe(true);
  expect(isMissingPartition(Object.assign(new Error("deadlock detected"), { code: "40P01" }))).toBe(false);
  expect(isMissingPartition(null)).toBe(false);
});
