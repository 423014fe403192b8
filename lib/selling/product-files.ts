import "server-only";
import { unlink } from "node:fs/promises";
import { blocks } from "@/lib/blocks/registry";
import { db, type Tx } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { errorFields, log } from "@/lib/server/log";
import { enforce, type Limit } from "@/lib/server/rate-limit";
import { sellingBlocksStrings } from "@/lib/strings/selling-blocks";
import { downloadName } from "./file-type";
import { newStorageKey, productFileStorage } from "./product-file-storage";
import { receiveUpload, refuseDeclaredFile } from "./receive-upload";

// A product's one private file (api.md, Selling with Pix): uploaded by the
// page's team (POST /api/products/{id}/file), replaced by the next upload, and
// read back only by the app for a paid order's download (openProductFile).
// The order that never loses a file: keep the new bytes, commit their key,
// only then delete the bytes it replaced. Bytes whose row is gone (a failed
// delete, a deleted block, page or account: ProductFile cascades) are swept
// by the jobs (product-file-jobs.ts).

const t = sellingBlocksStrings;

/** Each upload is up to 50 MB: a few an hour per person is plenty. */
const PRODUCT_FILES_PER_USER: Limit = { limit: 20, windowMs: 60 * 60_000 };

export interface ProductFileDto {
  fileName: string;
  contentType: string;
  size: number;
  uploadedAt: string;
}

export interface OpenedProductFile {
  stream: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
  fileName: string;
}

const toDto = (row: { fileName: string; contentType: string; size: number; createdAt: Date }): ProductFileDto => ({
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  uploadedAt: row.createdAt.toISOString(),
});

/**
 * The page's block, checked to be sold with a file (its kind says so). Another
 * page's block, or a block that is not a product: 404; a product delivered by
 * link: 400. `lock`: the row is held until the transaction ends.
 */
async function requireFileProduct(client: Tx | typeof db, pageId: string, blockId: string, lock = false): Promise<void> {
  const rows = lock
    ? await client.$queryRaw<{ kind: string; data: unknown }[]>`SELECT kind, data FROM "Link" WHERE id = ${blockId} AND "pageId" = ${pageId} FOR UPDATE`
    : await client.link.findMany({ where: { id: blockId, pageId }, select: { kind: true, data: true } });
  const block = rows[0];
  const kind = block ? blocks.get(block.kind) : undefined;
  const data = kind?.data?.schema.safeParse(block!.data);
  if (!kind?.sale || !data?.success) throw new AppError("not_found");
  const delivery = kind.sale.delivery(data.data).type;
  if (delivery === "link") throw new AppError("invalid_input", { message: t.fileNotForLink, errors: { file: t.fileNotForLink } });
  if (delivery !== "file") throw new AppError("not_found");
}

/** GET /api/products/{id}/file: the file's name, type and size; 404 when none was sent yet. */
export async function getProductFile(pageId: string, blockId: string): Promise<ProductFileDto> {
  const row = await db.productFile.findFirst({ where: { blockId, block: { pageId } } });
  if (!row) throw new AppError("not_found");
  return toDto(row);
}

/** POST /api/products/{id}/file: the request's body is the file; `sentName` its name (?name=). The upload counts against `accountId`. */
export async function uploadProductFile(pageId: string, blockId: string, req: Request, sentName: string | null, accountId: string): Promise<ProductFileDto> {
  // Checked first, so nothing is read or stored for a file declared too large or another page's block.
  refuseDeclaredFile(req);
  await requireFileProduct(db, pageId, blockId);
  await enforce(`product-file:user:${accountId}`, PRODUCT_FILES_PER_USER);
  const storage = productFileStorage();
  const received = await receiveUpload(req, storage.stagingDir());
  const key = newStorageKey();
  try {
    await storage.keep(key, received.path, received.type.contentType);
  } catch (error) {
    await unlink(received.path).catch(() => {});
    log.error("product_file.store_failed", errorFields(error));
    throw new AppError("unavailable", { message: t.fileStoreFailed });
  }
  const file = { storageKey: key, fileName: downloadName(sentName, received.type), contentType: received.type.contentType, size: received.size };
  let committed: { row: Parameters<typeof toDto>[0]; previous: string | null };
  try {
    committed = await db.$transaction(async (tx) => {
      await requireFileProduct(tx, pageId, blockId, true);
      const before = await tx.productFile.findUnique({ where: { blockId }, select: { storageKey: true } });
      const row = await tx.productFile.upsert({ where: { blockId }, create: { blockId, ...file }, update: { ...file, createdAt: new Date() } });
      return { row, previous: before?.storageKey ?? null };
    });
  } catch (error) {
    await storage.remove(key).catch((e: unknown) => log.warn("product_file.delete_failed", errorFields(e)));
    throw error;
  }
  if (committed.previous) await storage.remove(committed.previous).catch((e: unknown) => log.warn("product_file.delete_failed", errorFields(e)));
  return toDto(committed.row);
}

/** The product's file for a paid order's download (the checkout serves it); null when the block has none (or its bytes are gone). */
export async function openProductFile(blockId: string): Promise<OpenedProductFile | null> {
  const row = await db.productFile.findUnique({ where: { blockId } });
  if (!row) return null;
  const stream = await productFileStorage().open(row.storageKey);
  if (!stream) {
    log.error("product_file.missing", { blockId });
    return null;
  }
  return { stream, size: row.size, contentType: row.contentType, fileName: row.fileName };
}
