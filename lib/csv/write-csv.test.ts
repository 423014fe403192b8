import { csvCell, toCsv } from "./write-csv";

test("quotes where a cell needs it and defuses formulas, unless the caller keeps the value", () => {
  expect(toCsv([["a", "b,c", 'd"e'], ["=1+1", " f", "g\nh"]])).toBe('a,"b,c","d""e"\r\n\'=1+1," f","g\nh"\r\n');
  expect(csvCell("+5511987654321")).toBe("'+5511987654321");
  expect(csvCell("+5511987654321", (v) => /^\+\d{8,15}$/.test(v))).toBe("+5511987654321");
  expect(csvCell("+1=cmd", (v) => /^\+\d{8,15}$/.test(v))).toBe("'+1=cmd");
  expect(toCsv([["data", "cliques"], ["2026-11-28", "3"]], { newline: "\n" })).toBe("data,cliques\n2026-11-28,3\n");
});
