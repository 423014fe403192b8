import { toCsv } from "./write-csv";

const e164 = (v: string) => /^\+\d{8,15}$/.test(v);

test("quotes where a cell needs it and defuses formulas, unless the caller keeps the value", () => {
  expect(
    toCsv([
      ["a", "b,c", 'd"e'],
      ["=1+1", " f", "g\nh"],
    ]),
  ).toBe('a,"b,c","d""e"\r\n\'=1+1," f","g\nh"\r\n');
  expect(toCsv([["+5511987654321"]])).toBe("'+5511987654321\r\n");
  expect(toCsv([["+5511987654321"]], { keep: e164 })).toBe("+5511987654321\r\n");
  expect(toCsv([["+1=cmd"]], { keep: e164 })).toBe("'+1=cmd\r\n");
  expect(
    toCsv(
      [
        ["data", "cliques"],
        ["2026-11-28", "3"],
      ],
      { newline: "\n" },
    ),
  ).toBe("data,cliques\n2026-11-28,3\n");
});

test("quotes a line break with either newline, and defuses the full-width formula characters too", () => {
  expect(toCsv([["a\r\nb", "c"]], { newline: "\n" })).toBe('"a\r\nb",c\n');
  expect(toCsv([["-1", "@SOMA(A1)", "＝1+1", "＋1", "", "é"]])).toBe("'-1,'@SOMA(A1),'＝1+1,'＋1,,é\r\n");
});
