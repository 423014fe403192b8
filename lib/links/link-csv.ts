// CSV for link import and export (api.md: header `titulo,url,ativo`),
// RFC 4180: quoted fields may hold commas, quotes ("") and line breaks.

export const CSV_HEADER = ["titulo", "url", "ativo"] as const;

/** The app's one CSV reader and writer (a formula gets a leading apostrophe on export, which import drops). */
export { readCsv as parseCsv, fromCell } from "@/lib/csv/read-csv";
export { toCsv } from "@/lib/csv/write-csv";

/** 'ativo': sim/não, true/false, 1/0 (empty: sim); anything else is undefined. */
export function parseActive(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (["", "sim", "s", "true", "1", "verdadeiro", "yes"].includes(v)) return true;
  if (["não", "nao", "n", "false", "0", "falso", "no"].includes(v)) return false;
  return undefined;
}
