import "server-only";
import { onProfileChanged } from "@/lib/profile/profile-cache";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { readBody } from "@/lib/server/http";
import { enforce, type Limit } from "@/lib/server/rate-limit";
import { richLinksStrings } from "@/lib/strings/rich-links";
import { moderationStrings } from "@/lib/strings/moderation";
import { CSV_HEADER, toCsv } from "./link-csv";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, checkImportRows, readImportFile, type ImportError } from "./link-import";
import { lockOwner, newLinkData, TX } from "./link-mutations";
import { listLinks } from "./link-queries";
import type { LinkInput } from "./link-schemas";
import { withoutBlockedLinks } from "@/lib/moderation/blocked-domains";
import { blocks } from "@/lib/blocks/registry";
import { exportedBlock, inLinksCsv } from "@/lib/blocks/block-export";

const strings = { richLinks: richLinksStrings, moderation: moderationStrings };

// GET /api/links/export and POST /api/links/import (api.md, Links (second release)).

const r = strings.richLinks;

/** Each import (a preview too) parses up to 1 MB and may write 200 rows: per account. */
export const IMPORTS_PER_USER: Limit = { limit: 60, windowMs: 10 * 60_000 };
/** The key's prefix (+ the account's id): the Linktree import shares the budget. */
export const IMPORT_LIMIT_KEY = "import:user:";

type ExportFormat = "json" | "csv";

/** JSON keeps everything a link can be given back (sections, Pix blocks, players and schedules too); CSV holds the links themselves. */
export async function exportLinks(pageId: string, format: ExportFormat): Promise<{ body: string; type: string }> {
  const links = await listLinks(pageId);
  if (format === "json") {
    const rows = links.map((link) => exportedBlock(link));
    return { body: JSON.stringify(rows, null, 2), type: "application/json; charset=utf-8" };
  }
  const rows = links.filter((l) => inLinksCsv(l.kind)).map((l) => [l.title, l.url ?? "", l.active ? "sim" : "não"]);
  return { body: `\uFEFF${toCsv([[...CSV_HEADER], ...rows])}`, type: "text/csv; charset=utf-8" };
}

interface ImportResult {
  /** Links appended (0 on a dry run). */
  created: number;
  /** Rows that passed (what a real run would append). */
  valid: number;
  errors: ImportError[];
}

/** The multipart body's `file` and `dryRun`, read through a byte counter (1 MB plus the form's overhead). */
export async function readImportForm(req: Request): Promise<{ text: string; dryRun: boolean }> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(contentType)) throw new AppError("invalid_input", { message: r.importMissingFile });
  const bytes = await readBody(req, IMPORT_MAX_BYTES + 16 * 1024).catch((error: unknown) => {
    throw error instanceof AppError && error.code === "payload_too_large" ? new AppError("payload_too_large", { message: r.importTooLarge }) : error;
  });
  let form: FormData;
  try {
    form = await new Response(bytes as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("invalid_input", { message: r.importMissingFile });
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw new AppError("invalid_input", { message: r.importMissingFile, errors: { file: r.importMissingFile } });
  if (file.size > IMPORT_MAX_BYTES) throw new AppError("payload_too_large", { message: r.importTooLarge });
  const flag = form.get("dryRun") ?? new URL(req.url).searchParams.get("dryRun");
  return { text: new TextDecoder().decode(await file.arrayBuffer()), dryRun: flag === "true" || flag === "1" };
}

/**
 * Checks every row; unless a dry run, appends the valid ones after the page's
 * last link in one transaction. The limit counts the person (`accountId`), whatever the page.
 */
export async function importLinks(pageId: string, text: string, dryRun: boolean, accountId: string): Promise<ImportResult> {
  await enforce(`${IMPORT_LIMIT_KEY}${accountId}`, IMPORTS_PER_USER);
  const file = readImportFile(text);
  if (!file.ok) throw new AppError("invalid_input", { message: file.message, errors: { file: file.message } });
  if (file.rows.length > IMPORT_MAX_ROWS) throw new AppError("invalid_input", { message: r.importTooMany, errors: { file: r.importTooMany } });
  const { valid, errors } = await refuseBlockedDomains(checkImportRows(file.rows));
  if (dryRun || !valid.length) return { created: 0, valid: valid.length, errors };
  await db.$transaction(async (tx) => {
    await lockOwner(tx, pageId);
    const first = await tx.link.count({ where: { pageId } });
    await tx.link.createMany({ data: valid.map((input, i) => ({ pageId, order: first + i, ...newLinkData(input) })) });
  }, TX);
  await onProfileChanged(pageId);
  return { created: valid.length, valid: valid.length, errors };
}

/** Rows to a blocked domain (or a subdomain) become row errors, like any other bad row. */
async function refuseBlockedDomains(checked: { valid: LinkInput[]; validRows: number[]; errors: ImportError[] }) {
  const candidates = checked.valid.map((input, i) => ({ input, row: checked.validRows[i]!, url: blocks.get(input.kind)?.address ? input.url : "" }));
  const allowed = new Set(await withoutBlockedLinks(candidates));
  const blocked = candidates.filter((c) => !allowed.has(c));
  const errors = [...checked.errors, ...blocked.map((c) => ({ row: c.row, message: strings.moderation.api.domainBlocked }))];
  return { valid: candidates.filter((c) => allowed.has(c)).map((c) => c.input), errors: errors.sort((a, b) => a.row - b.row) };
}
