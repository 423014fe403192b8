import { stringify } from "csv-stringify/sync";

// CSV as the app writes it (the links' export, the subscribers', the
// statistics'), by csv-stringify: RFC 4180, quotes where a cell needs them (a
// comma, a quote, a line break, white space at either end). A spreadsheet
// runs a cell that starts with = + - @ (or a tab / CR, or their full-width
// forms) as a formula: the library's `escape_formulas` puts a leading
// apostrophe before it (the links' import drops it again, ./read-csv.ts),
// unless the caller says the value is safe as it is (`keep`: a WhatsApp
// number in E.164).

export interface CsvOptions {
  /** A value written as it is even though it starts like a formula. */
  keep?: (value: string) => boolean;
  /** Between rows and after the last: CRLF (RFC 4180) unless a format says otherwise. */
  newline?: "\r\n" | "\n";
}

export function toCsv(rows: readonly (readonly string[])[], { keep, newline = "\r\n" }: CsvOptions = {}): string {
  return stringify(rows as string[][], {
    record_delimiter: newline,
    // A line break inside a cell is quoted whichever newline separates the rows.
    quote_record_delimiter: true,
    quoted_match: /^\s|\s$/,
    escape_formulas: true,
    cast: { string: (value) => (keep?.(value) ? { value, escape_formulas: false } : value) },
  });
}
