import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

// A Playwright reporter beside the list: at the end, each runtime's (each
// project's) wall time from its first test's start to its last test's end,
// and its counts, so a CI log says what each leg costs.

interface Leg {
  start: number;
  end: number;
  counts: Record<string, number>;
}

const seconds = (ms: number) => `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}s`;

export default class LegTimes implements Reporter {
  private legs = new Map<string, Leg>();

  onTestEnd(test: TestCase, result: TestResult) {
    const name = test.parent.project()?.name ?? "?";
    const start = result.startTime.getTime();
    const end = start + result.duration;
    const leg = this.legs.get(name) ?? { start, end, counts: {} };
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
    }
  }

  printsToStdio() {
    return true;
  }
}
