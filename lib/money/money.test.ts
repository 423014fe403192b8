import { formatReais, parseReais, reaisInput } from "./money";

describe("formatReais", () => {
  it.each([
    [2990, "R$ 29,90"],
    [100, "R$ 1,00"],
    [1_000_000, "R$ 10.000,00"],
    [5, "R$ 0,05"],
    [123_456_789, "R$ 1.234.567,89"],
  ])("%i centavos read as %s, with a plain space", (cents, text) => {
    expect(formatReais(cents)).toBe(text);
  });
});

describe("reaisInput", () => {
  it("shows a stored amount as a person types it", () => {
    expect(reaisInput(2990)).toBe("29,90");
    expect(reaisInput(1_000_000)).toBe("10.000,00");
    expect(reaisInput(null)).toBe("");
  });
});

describe("parseReais", () => {
  it.each([
    ["29,90", 2990],
    ["29,9", 2990],
    ["29", 2900],
    ["  R$ 29,90 ", 2990],
    ["R$29", 2900],
    ["1.234,56", 123_456],
    ["10.000,00", 1_000_000],
    ["10.000", 1_000_000],
    ["29.90", 2990],
    ["0,05", 5],
  ])("reads %j as %i centavos", (typed, cents) => {
    expect(parseReais(typed)).toBe(cents);
  });

  it("reads a blank field as no amount", () => {
    expect(parseReais("   ")).toBeNull();
    expect(parseReais("R$ ")).toBeNull();
  });

  it.each(["abc", "29,905", "1,234,56", "12.34.56", "-5", "29 90", "1e3"])("refuses %j", (typed) => {
    expect(parseReais(typed)).toBeNaN();
  });
});
