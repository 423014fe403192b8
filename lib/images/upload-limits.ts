// Uploads in parts (PUT /api/uploads/{uploadId}/{index}): a serverless host
// refuses request bodies over 4.5 MB, so an image of up to 5 MB is sent in
// parts of at most 4 MiB, then named by the upload that uses it. Shared by the
// browser (which splits: lib/client/image-upload.ts) and the server (which
// checks: ./upload-schemas.ts).

/** The most one part may carry, and the size up to which a file goes whole. */
export const UPLOAD_PART_BYTES = 4 * 1024 * 1024;
/** 5 MB in parts of 4 MiB. */
export const MAX_UPLOAD_PARTS = 2;
