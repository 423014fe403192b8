// CSV for link import and export (api.md: header `titulo,url,ativo`),
// RFC 4180: quoted fields may hold commas, quotes ("") and line breaks.

export const CSV_HEADER = ["titulo", "url", "ativo"] as const;

/** Rows of fields; a BOM, CRLF and a last empty line are accepted. Null when a quote is never closed. */
export function parseCsv(text: string): string[][] | null {
  const src = text.replace(/^\uFEFF/, "");
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && src[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (quoted) return null;
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0]!.trim() === ""));
}

/** Written by the app's one CSV writer (a formula gets a leading apostrophe, which import drops). */
export { toCsv } from "@/lib/csv/write-csv";

/** The cell as typed, without the apostrophe export adds before a formula character. */
export function fromCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** 'ativo': sim/não, true/false, 1/0 (empty: sim); anything else is undefined. */
export function parseActive(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (["", "sim", "s", "true", "1", "verdadeiro", "yes"].includes(v)) return true;
  if (["não", "nao", "n", "false", "0", "falso", "no"].includes(v)) return false;
  return undefined;
}
