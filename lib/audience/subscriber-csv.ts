// CSV as the house writes it (RFC 4180, as lib/links/link-csv.ts): a cell a
// spreadsheet would run as a formula (= + - @, a tab or CR first) gets a
// leading apostrophe; quotes where a cell needs them. A WhatsApp number in
// E.164 (+ and digits only, checked at sign-up) is a number, not a formula,
// and stays as it is.

const FORMULA = /^[=+\-@\t\r]/;
const E164 = /^\+\d{8,15}$/;

export function csvCell(value: string): string {
  const safe = FORMULA.test(value) && !E164.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsvRows(rows: string[][]): string {
  return rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
