import { normalizeHexColor } from "./colors";

describe("normalizeHexColor", () => {
  it.each([
    ["#ffffff", "#ffffff"],
    ["FFFFFF", "#ffffff"],
    ["#1A2b3C", "#1a2b3c"],
    ["  3b82f6 ", "#3b82f6"],
  ])("%j → %j", (input, output) => {
    expect(normalizeHexColor(input)).toBe(output);
  });

  it.each(["", "#fff", "fff", "#12345", "#1234567", "##123456", "#gggggg", "red", "rgb(0,0,0)", "#12 345"])("refuses %j", (input) => {
    expect(normalizeHexColor(input)).toBeNull();
  });

  it("refuses null and undefined", () => {
    expect(normalizeHexColor(null)).toBeNull();
    expect(normalizeHexColor(undefined)).toBeNull();
  });
});
