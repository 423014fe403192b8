import { dayToDate, lastDays, saoPauloDay, startOfSaoPauloDay } from "./days";

describe("São Paulo days", () => {
  it("puts 02:30 UTC on the previous São Paulo day and 03:00 UTC on the new one", () => {
    expect(saoPauloDay(new Date("2026-11-22T02:30:00Z"))).toBe("2026-11-21");
    expect(saoPauloDay(new Date("2026-11-22T02:59:59Z"))).toBe("2026-11-21");
    expect(saoPauloDay(new Date("2026-11-22T03:00:00Z"))).toBe("2026-11-22");
  });

  it("lists 30 days oldest first, ending today, across month ends", () => {
    const days = lastDays(30, new Date("2026-03-05T15:00:00Z"));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-02-04");
    expect(days[29]).toBe("2026-03-05");
    expect(new Set(days).size).toBe(30);
  });

  it("maps a day to the UTC midnight a DATE column holds", () => {
    expect(dayToDate("2026-11-22").toISOString()).toBe("2026-11-22T00:00:00.000Z");
  });

  it("knows when a São Paulo day starts in UTC", () => {
    expect(startOfSaoPauloDay("2026-11-22").toISOString()).toBe("2026-11-22T03:00:00.000Z");
  });
});
