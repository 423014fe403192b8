import { clickRate, formatClickRate, formatCount, formatDateTime, formatLongDay, formatShortDay } from "./admin-format";

describe("click rate", () => {
  it("is clicks / views × 100 with one decimal", () => {
    expect(clickRate(1, 3)).toBe(33.3);
    expect(clickRate(2, 3)).toBe(66.7);
    expect(clickRate(5, 5)).toBe(100);
    expect(clickRate(30, 10)).toBe(300);
    expect(clickRate(1, 8)).toBe(12.5);
  });

  it("is 0 without views", () => {
    expect(clickRate(0, 0)).toBe(0);
    expect(clickRate(7, 0)).toBe(0);
  });

  it("is written the Brazilian way", () => {
    expect(formatClickRate(1, 8)).toBe("12,5%");
    expect(formatClickRate(0, 0)).toBe("0,0%");
    expect(formatClickRate(10, 10)).toBe("100,0%");
  });
});

describe("dates and numbers", () => {
  it("shows day, month, year, hour and minute in São Paulo time", () => {
    expect(formatDateTime("2026-03-10T02:30:00Z")).toBe("09/03/2026, 23:30");
    expect(formatDateTime(new Date("2026-12-31T15:05:00Z"))).toBe("31/12/2026, 12:05");
  });

  it("formats counts and chart days", () => {
    expect(formatCount(100000)).toBe("100.000");
    expect(formatShortDay("2026-03-05")).toBe("05/03");
    expect(formatLongDay("2026-03-05")).toBe("5 de março de 2026");
  });
});
