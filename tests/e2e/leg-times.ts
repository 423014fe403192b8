import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

// A Playwright reporter beside the list: at the end, each runtime's (each
// project's) wall time from its first test's start to its last test's end,
// and its counts, then the spec files that took longest in all, so a CI
// log's tail says what each leg costs and where to look first.

interface Leg {
  start: number;
  end: number;
  counts: Record<string, number>;
  /** Each spec file's summed test time. */
  files: Map<string, number>;
}

/** How many of the slowest spec files the summary names. */
const SLOWEST = 8;

const seconds = (ms: number) => `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}s`;

export default class LegTimes implements Reporter {
  private legs = new Map<string, Leg>();

  onTestEnd(test: TestCase, result: TestResult) {
    const name = test.parent.project()?.name ?? "?";
    const start = result.startTime.getTime();
    const end = start + result.duration;
    const leg: Leg = this.legs.get(name) ?? { start, end, counts: {}, files: new Map() };
    const file = test.location.file.split(/[\\/]/).pop()!;
    leg.files.set(file, (leg.files.get(file) ?? 0) + result.duration);
    leg.start = Math.min(leg.start, start);
    leg.end = Math.max(leg.end, end);
    // The last result of a test counts (a retry replaces a failure).
    if (result.retry === test.retries || result.status === "passed" || result.status === "skipped") {
      leg.counts[result.status] = (leg.counts[result.status] ?? 0) + 1;
    }
    this.legs.set(name, leg);
  }

  onEnd(_result: FullResult) {
    for (const [name, leg] of this.legs) {
      const counts = Object.entries(leg.counts)
        .map(([status, n]) => `${n} ${status}`)
        .join(", ");
      console.log(`  ${name}: ${counts} in ${seconds(leg.end - leg.start)} (first test's start to last test's end)`);
      const slowest = [...leg.files].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST);
      console.log(`    slowest: ${slowest.map(([file, ms]) => `${file} ${seconds(ms)}`).join(", ")}`);
    }
  }

  printsToStdio() {
    return true;
  }
}
