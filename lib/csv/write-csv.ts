// CSV as the app writes it (the links' export, the subscribers', the
// statistics'): RFC 4180, quotes where a cell needs them (a comma, a quote,
// a line break, spaces around it). A spreadsheet runs a cell that starts with
// = + - @ (or a tab / CR) as a formula: such a cell gets a leading apostrophe
// (the links' import drops it again, lib/links/link-csv.ts), unless the
// caller says the value is safe as it is (`keep`: a WhatsApp number in E.164).

const FORMULA = /^[=+\-@\t\r]/;

export interface CsvOptions {
  /** A value written as it is even though it starts like a formula. */
  keep?: (value: string) => boolean;
  /** Between rows and after the last: CRLF (RFC 4180) unless a format says otherwise. */
  newline?: "\r\n" | "\n";
}

export function csvCell(value: string, keep?: CsvOptions["keep"]): string {
  const safe = FORMULA.test(value) && !keep?.(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly string[])[], { keep, newline = "\r\n" }: CsvOptions = {}): string {
  return rows.map((r) => r.map((value) => csvCell(value, keep)).join(",")).join(newline) + newline;
}
