import "server-only";
import { randomBytes } from "node:crypto";
import { open, unlink } from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/server/errors";
import { sellingBlocksStrings } from "@/lib/strings/selling-blocks";
import { SNIFF_BYTES, sniffFileType, type FileType } from "./file-type";
import { ensureDir, PART_PREFIX } from "./product-file-storage";

// A product's file arrives as the request's body, written to a file as it is
// read (never held whole in memory), counted byte by byte and typed from its
// first bytes. A declared Content-Length over the limit is refused before
// anything is read; a body that lies about it is cut off once the count
// passes the limit; a file of another type is cut off as soon as its first
// bytes say so.

const t = sellingBlocksStrings;

export const MAX_PRODUCT_FILE_BYTES = 50 * 1024 * 1024;

const tooLarge = () => new AppError("payload_too_large", { message: t.fileTooLarge, errors: { file: t.fileTooLarge } });
const refusedType = () => new AppError("invalid_input", { message: t.fileTypeRefused, errors: { file: t.fileTypeRefused } });
const missing = () => new AppError("invalid_input", { message: t.fileMissing, errors: { file: t.fileMissing } });

export interface ReceivedFile {
  /** Where it waits (the storage's staging folder), until kept or deleted. */
  path: string;
  size: number;
  type: FileType;
}

/** Refuses a declared length over the limit before anything is read. */
export function refuseDeclaredFile(req: Request, limit = MAX_PRODUCT_FILE_BYTES): void {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
}

export async function receiveUpload(req: Request, dir: string, limit = MAX_PRODUCT_FILE_BYTES): Promise<ReceivedFile> {
  refuseDeclaredFile(req, limit);
  if (!req.body) throw missing();
  await ensureDir(dir);
  const file = path.join(/*turbopackIgnore: true*/ dir, `${PART_PREFIX}${randomBytes(16).toString("hex")}`);
  const handle = await open(file, "wx", 0o600);
  const reader = req.body.getReader();
  let size = 0;
  let head: Uint8Array = new Uint8Array(0);
  let type: FileType | null = null;
  try {
    for (;;) {
      // A client that goes away mid-body sends bad input, not a server fault.
      const { done, value } = await reader.read().catch(() => {
        throw new AppError("invalid_input");
      });
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw tooLarge();
      if (!type && head.byteLength < SNIFF_BYTES) {
        head = concat(head, value.subarray(0, SNIFF_BYTES - head.byteLength));
        if (head.byteLength >= SNIFF_BYTES && !(type = sniffFileType(head))) throw refusedType();
      }
      await handle.write(value);
    }
    if (size === 0) throw missing();
    type ??= sniffFileType(head);
    if (!type) throw refusedType();
    return { path: file, size, type };
  } catch (error) {
    await reader.cancel().catch(() => {});
    await handle.close().catch(() => {});
    await unlink(file).catch(() => {});
    throw error;
  } finally {
    await handle.close().catch(() => {});
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a);
  out.set(b, a.byteLength);
  return out;
}
