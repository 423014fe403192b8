import { z } from "zod";

// Uploads in parts (PUT /api/uploads/{uploadId}/{index}): the server's checks.
// The sizes are in ./upload-limits.ts (the browser splits by them without zod).

import { MAX_UPLOAD_PARTS } from "./upload-limits";

export { MAX_UPLOAD_PARTS, UPLOAD_PART_BYTES } from "./upload-limits";

/** A random id the browser makes (crypto.getRandomValues). */
export const uploadIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const uploadPartParamsSchema = z.object({
  uploadId: uploadIdSchema,
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_UPLOAD_PARTS - 1),
});
