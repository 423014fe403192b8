import { parse } from "csv-parse/sync";

// CSV as the app reads it (the links' import), by csv-parse: RFC 4180 with
// what spreadsheets and people write besides (a BOM, CRLF, LF or CR between
// rows, rows of any length, a stray quote inside an unquoted cell).

/** Rows of cells; blank lines are left out. Null when the file is not CSV (a quote never closed). */
export function readCsv(text: string): string[][] | null {
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      record_delimiter: ["\r\n", "\n", "\r"],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    });
  } catch {
    return null;
  }
  return rows.filter((r) => !(r.length === 1 && r[0]!.trim() === ""));
}

/** The cell as typed, without the apostrophe ./write-csv.ts puts before a formula character. */
export function fromCell(value: string): string {
  return /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? value.slice(1) : value;
}
