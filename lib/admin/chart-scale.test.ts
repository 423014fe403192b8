import { gridValues, niceMax } from "./chart-scale";

describe("chart scale", () => {
  it("rounds the top up to a readable value with a whole half", () => {
    expect([0, 1, 3, 7, 10].map(niceMax)).toEqual([2, 2, 4, 8, 10]);
    expect([11, 42, 180, 230, 1000, 1001, 73_512].map(niceMax)).toEqual([20, 50, 200, 300, 1000, 2000, 80_000]);
    for (const max of [1, 5, 13, 99, 250, 4321]) expect(Number.isInteger(niceMax(max) / 2)).toBe(true);
  });

  it("puts the grid at zero, half and top", () => {
    expect(gridValues(200)).toEqual([0, 100, 200]);
  });
});
