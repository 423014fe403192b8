import { addDays, lastSaoPauloDays, saoPauloDay, saoPauloToday, startOfSaoPauloDay } from "./sao-paulo-days";

describe("São Paulo days", () => {
  it("puts 02:30 UTC on the previous São Paulo day, and 03:00 UTC on the same day", () => {
    expect(saoPauloDay(new Date("2026-03-10T02:30:00Z"))).toBe("2026-03-09");
    expect(saoPauloDay(new Date("2026-03-10T02:59:59.999Z"))).toBe("2026-03-09");
    expect(saoPauloDay(new Date("2026-03-10T03:00:00Z"))).toBe("2026-03-10");
  });

  it("starts a São Paulo day at 03:00 UTC (no daylight saving since 2019)", () => {
    expect(startOfSaoPauloDay("2026-03-10").toISOString()).toBe("2026-03-10T03:00:00.000Z");
    expect(startOfSaoPauloDay("2026-01-01").toISOString()).toBe("2026-01-01T03:00:00.000Z");
  });

  it("handles the days of the old daylight saving time", () => {
    // 2018-11-04: clocks jumped from 00:00 to 01:00, so the day began at 03:00 UTC at -02:00.
    expect(startOfSaoPauloDay("2018-12-01").toISOString()).toBe("2018-12-01T02:00:00.000Z");
    expect(startOfSaoPauloDay("2018-11-04").toISOString()).toBe("2018-11-04T03:00:00.000Z");
    // 2019-02-17: clocks went back from 00:00 to 23:00, so the 17th began at 03:00 UTC at -03:00.
    expect(startOfSaoPauloDay("2019-02-17").toISOString()).toBe("2019-02-17T03:00:00.000Z");
  });

  it("gives today's bounds and the last 30 days oldest first", () => {
    const now = new Date("2026-03-01T01:00:00Z"); // still 28 February in São Paulo
    expect(saoPauloToday(now)).toEqual({
      day: "2026-02-28",
      start: new Date("2026-02-28T03:00:00Z"),
      end: new Date("2026-03-01T03:00:00Z"),
    });
    const days = lastSaoPauloDays(30, now);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-01-30");
    expect(days[29]).toBe("2026-02-28");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });
});
