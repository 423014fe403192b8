import { fromCell, readCsv } from "./read-csv";
import { toCsv } from "./write-csv";

test("reads what spreadsheets write: a BOM, mixed newlines, short rows, blank lines and a stray quote", () => {
  expect(readCsv('\uFEFFa,b\r\nc\nd,e,f\r\r\n   \n"g\r\nh",i"j\n')).toEqual([["a", "b"], ["c"], ["d", "e", "f"], ["g\r\nh", 'i"j']]);
  expect(readCsv('a,"b')).toBeNull();
  expect(readCsv("")).toEqual([]);
});

test("gives back every cell the writer wrote, formulas as typed", () => {
  const rows = [["=1+1", "-2", "@x", "\tcol", "＝SOMA(1)", "'já com apóstrofo", " espaço ", 'com "aspas", e vírgula']];
  expect(readCsv(toCsv(rows))!.map((r) => r.map(fromCell))).toEqual(rows);
});
