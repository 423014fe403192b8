import { z } from "zod";

// Uploads in parts (PUT /api/uploads/{uploadId}/{index}): a serverless host
// refuses request bodies over 4.5 MB, so an image of up to 5 MB is sent in
// parts of at most 4 MiB, then named by the upload that uses it. Shared by the
// browser (which splits) and the server (which checks).

/** The most one part may carry, and the size up to which a file goes whole. */
export const UPLOAD_PART_BYTES = 4 * 1024 * 1024;
/** 5 MB in parts of 4 MiB. */
export const MAX_UPLOAD_PARTS = 2;

/** A random id the browser makes (crypto.getRandomValues). */
export const uploadIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const uploadPartParamsSchema = z.object({
  uploadId: uploadIdSchema,
  index: z.coerce.number().int().min(0).max(MAX_UPLOAD_PARTS - 1),
});
