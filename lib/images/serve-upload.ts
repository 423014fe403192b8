import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/server/errors";
import { uploadsDir } from "./image-storage";
import { STORED_NAME_PATTERN } from "./image-rules";

// A stored image, served as an inert, immutable WebP: only names of the exact
// random pattern are looked up (no path can leave the folder), the browser may
// not guess another type, and a sandboxing CSP keeps any content from running.

const UPLOAD_HEADERS = {
  "content-type": "image/webp",
  "x-content-type-options": "nosniff",
  "cache-control": "public, max-age=31536000, immutable",
  "content-security-policy": "default-src 'none'; sandbox",
} as const;

export async function serveUpload(file: string): Promise<Response> {
  if (!STORED_NAME_PATTERN.test(file)) throw new AppError("not_found");
  const bytes = await readFile(path.join(/*turbopackIgnore: true*/ uploadsDir(), file)).catch(() => null);
  if (!bytes) throw new AppError("not_found");
  return new Response(new Uint8Array(bytes), {
    headers: { ...UPLOAD_HEADERS, "content-length": String(bytes.byteLength) },
  });
}
