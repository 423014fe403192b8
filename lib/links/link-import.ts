import { z } from "zod";
import { apiReferenceStrings } from "@/lib/strings/api-reference";
import { richLinksStrings } from "@/lib/strings/rich-links";
import { CSV_HEADER, fromCell, parseActive, parseCsv } from "./link-csv";
import { linkInputSchema, type LinkInput } from "./link-schemas";

const strings = { richLinks: richLinksStrings };

// Reading an import file (api.md: JSON as exported, or CSV with the header
// titulo,url,ativo; at most 200 rows). Pure: the route stores what is valid.

export const IMPORT_MAX_ROWS = 200;
export const IMPORT_MAX_BYTES = 1024 * 1024;

const r = strings.richLinks;

export const importErrorSchema = z.object({
  /** 1-based position among the file's data rows (the CSV header is not a row). */
  row: z.number().int(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** POST /api/links/import's answer. */
export const importResultSchema = z.object({
  /** Links appended (0 on a dry run). */
  created: z.number().int(),
  /** Rows that passed (what a real run would append). */
  valid: z.number().int(),
  errors: z.array(importErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** POST /api/links/import's multipart body, as the API's document shows it (lib/links/link-transfer.ts reads it). */
export const importFormSchema = z.object({
  file: z.string().meta({ format: "binary", description: apiReferenceStrings.importFile }),
  dryRun: z.enum(["true", "false"]).optional(),
});

type ImportFile = { ok: true; rows: unknown[] } | { ok: false; message: string };

/** The file's rows before checking: objects from JSON, or CSV rows as {title, url, active}. */
export function readImportFile(text: string): ImportFile {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return { ok: false, message: r.importUnreadable };
    }
    const rows = Array.isArray(parsed) ? parsed : (parsed as { links?: unknown }).links;
    return Array.isArray(rows) ? { ok: true, rows } : { ok: false, message: r.importUnreadable };
  }
  const table = parseCsv(trimmed);
  const header = table?.[0]?.map((h) => h.trim().toLowerCase());
  if (!table || !header || CSV_HEADER.some((name, i) => header[i] !== name)) return { ok: false, message: r.importUnreadable };
  const rows = table.slice(1).map((cells) => {
    const [title = "", url = "", active = ""] = cells.map(fromCell);
    const parsedActive = parseActive(active);
    return parsedActive === undefined ? { csvBadActive: true } : { title, url, active: parsedActive };
  });
  return { ok: true, rows };
}

/** Each row by the rules of POST /api/links: the valid ones in order, and every bad one with its number. */
export function checkImportRows(rows: unknown[]): { valid: LinkInput[]; validRows: number[]; errors: ImportError[] } {
  const valid: LinkInput[] = [];
  const validRows: number[] = [];
  const errors: ImportError[] = [];
  rows.forEach((raw, index) => {
    const row = index + 1;
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return errors.push({ row, message: r.importBadRow });
    if ("csvBadActive" in raw) return errors.push({ row, message: r.importBadActive });
    const parsed = linkInputSchema.safeParse(raw);
    if (parsed.success) {
      valid.push(parsed.data);
      validRows.push(row);
    } else errors.push({ row, message: parsed.error.issues[0]?.message ?? r.importBadRow });
  });
  return { valid, validRows, errors };
}
