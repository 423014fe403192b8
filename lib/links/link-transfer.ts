import "server-only";
import { onProfileChanged } from "@/lib/profile-cache/profile-cache";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { readBody } from "@/lib/server/http";
import { enforce, type Limit } from "@/lib/server/rate-limit";
import { richLinksStrings } from "@/lib/strings/rich-links";
import { moderationStrings } from "@/lib/strings/moderation";
import { linksStrings } from "@/lib/strings/links";
import { CSV_HEADER, toCsv } from "./link-csv";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, checkImportRows, readImportFile, type ImportError, type ImportResult } from "./link-import";
import { PAGE_LINK_LIMIT } from "./link-limit";
import { appendLinks, linkRoom, lockOwner, TX } from "./link-mutations";
import { listLinks } from "./link-queries";
import type { LinkInput } from "./link-schemas";
import { withoutBlockedLinks } from "@/lib/moderation/blocked-domains";
import { blocks } from "@/lib/blocks/registry";
import { exportedBlock, inLinksCsv } from "@/lib/blocks/block-export";

const strings = { richLinks: richLinksStrings, moderation: moderationStrings, links: linksStrings };

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
  const checked = await refuseBlockedDomains(checkImportRows(file.rows));
  if (dryRun || !checked.valid.length) {
    // The preview counts the page's links as they are now; the import counts them again under the page's turn.
    const { valid, errors } = pastTheLimit(checked, PAGE_LINK_LIMIT - (await db.link.count({ where: { pageId } })));
    return { created: 0, valid: valid.length, errors };
  }
  const result = await db.$transaction(async (tx) => {
    await lockOwner(tx, pageId);
    const { count, room } = await linkRoom(tx, pageId);
    const kept = pastTheLimit(checked, room);
    // One row and one event for each link (the page's webhooks hear of imported links as of typed ones).
    await appendLinks(tx, pageId, count, kept.valid);
    return kept;
  }, TX);
  if (result.valid.length) await onProfileChanged(pageId);
  return { created: result.valid.length, valid: result.valid.length, errors: result.errors };
}

/** As POST /api/links would: the rows past the page's link limit (room left: `room`) are refused with its message. */
function pastTheLimit(checked: { valid: LinkInput[]; validRows: number[]; errors: ImportError[] }, room: number) {
  const fits = Math.max(0, room);
  const refused = checked.validRows.slice(fits).map((row) => ({ row, message: strings.links.limitReached(PAGE_LINK_LIMIT) }));
  return { valid: checked.valid.slice(0, fits), errors: [...checked.errors, ...refused].sort((a, b) => a.row - b.row) };
}

/** Rows to a blocked domain (or a subdomain) become row errors, like any other bad row. */
async function refuseBlockedDomains(checked: { valid: LinkInput[]; validRows: number[]; errors: ImportError[] }) {
  const candidates = checked.valid.map((input, i) => ({ input, row: checked.validRows[i]!, url: blocks.get(input.kind)?.address ? input.url : "" }));
  const allowed = new Set(await withoutBlockedLinks(candidates));
  const blocked = candidates.filter((c) => !allowed.has(c));
  const errors = [...checked.errors, ...blocked.map((c) => ({ row: c.row, message: strings.moderation.api.domainBlocked }))];
  const kept = candidates.filter((c) => allowed.has(c));
  return { valid: kept.map((c) => c.input), validRows: kept.map((c) => c.row), errors: errors.sort((a, b) => a.row - b.row) };
}
