import "server-only";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { enforce, type Limit } from "@/lib/server/rate-limit";
import { imagesStrings } from "@/lib/strings/images";
import { MAX_IMAGE_BYTES } from "./image-rules";

// The parts of an upload wait in the database (any instance may receive the
// next part or the upload that names them) until that upload takes them, or
// the jobs delete them after an hour (lib/images/image-jobs.ts). Every query
// is scoped to the signed-in owner: another person's upload id is a 404 and
// never their bytes.

/** Enough for 30 images an hour sent in parts; the uploads themselves keep their own limit. */
const UPLOAD_PARTS_PER_USER: Limit = { limit: 60, windowMs: 60 * 60_000 };

const tooLarge = () => new AppError("payload_too_large", { message: imagesStrings.tooLarge });

/** PUT /api/uploads/{uploadId}/{index}: stores (or replaces, on a retry) one part. */
export async function storeUploadPart(userId: string, uploadId: string, index: number, bytes: Uint8Array): Promise<void> {
  if (!bytes.byteLength) throw new AppError("invalid_input", { message: imagesStrings.missingFile });
  await enforce(`upload-part:user:${userId}`, UPLOAD_PARTS_PER_USER);
  await db.$transaction(async (tx) => {
    const others = await tx.uploadPart.findMany({ where: { uploadId }, select: { userId: true } });
    if (others.some((p) => p.userId !== userId)) throw new AppError("not_found");
    const before = await tx.$queryRaw<{ size: number }[]>`
      SELECT coalesce(sum(octet_length("bytes")), 0)::int AS "size" FROM "UploadPart"
      WHERE "uploadId" = ${uploadId} AND "userId" = ${userId} AND "index" <> ${index}`;
    if ((before[0]?.size ?? 0) + bytes.byteLength > MAX_IMAGE_BYTES) throw tooLarge();
    await tx.uploadPart.upsert({
      where: { uploadId_index: { uploadId, index } },
      create: { uploadId, index, userId, bytes: Buffer.from(bytes) },
      update: { bytes: Buffer.from(bytes), createdAt: new Date() },
    });
  }, PARTS_TRANSACTION);
}

/** A part is up to 4 MB written or read in one transaction: more than Prisma's default 5 s on a busy database. */
const PARTS_TRANSACTION = { timeout: 20_000 };

/**
 * The owner's parts of `uploadId`, joined in order and deleted in the same
 * transaction (an upload is used once). None: the pt-BR "select an image".
 */
export async function takeUploadedBytes(userId: string, uploadId: string): Promise<Uint8Array> {
  const parts = await db.$transaction(async (tx) => {
    const rows = await tx.uploadPart.findMany({ where: { uploadId, userId }, orderBy: { index: "asc" }, select: { index: true, bytes: true } });
    if (rows.length) await tx.uploadPart.deleteMany({ where: { uploadId, userId } });
    return rows;
  }, PARTS_TRANSACTION);
  // Parts 0..n-1 with none missing, as the browser sends them.
  if (!parts.length || parts.some((p, i) => p.index !== i)) {
    throw new AppError("invalid_input", { message: imagesStrings.missingFile });
  }
  const size = parts.reduce((n, p) => n + p.bytes.byteLength, 0);
  if (size > MAX_IMAGE_BYTES) throw tooLarge();
  const out = new Uint8Array(size);
  let offset = 0;
  for (const p of parts) {
    out.set(p.bytes, offset);
    offset += p.bytes.byteLength;
  }
  return out;
}
