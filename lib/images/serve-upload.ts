import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { imageServedOn } from "@/lib/domains/domain-images";
import { AppError } from "@/lib/server/errors";
import { UPLOADS_URL_PREFIX } from "./disk-storage";
import { uploadsDir } from "./image-storage";
import { STORED_NAME_PATTERN } from "./image-rules";

// A stored image, served as an inert, immutable WebP: only names of the exact
// random pattern are looked up (no path can leave the folder), the browser may
// not guess another type, and a sandboxing CSP keeps any content from running.
// On a page's own domain, only that page's images (lib/domains/domain-images.ts).

const UPLOAD_HEADERS = {
  "content-type": "image/webp",
  "x-content-type-options": "nosniff",
  "cache-control": "public, max-age=31536000, immutable",
  "content-security-policy": "default-src 'none'; sandbox",
} as const;

/** `host`: the request's Host (a page's own domain answers its page's images only). */
export async function serveUpload(file: string, host: string | null = null): Promise<Response> {
  if (!STORED_NAME_PATTERN.test(file)) throw new AppError("not_found");
  if (!(await imageServedOn(host, `${UPLOADS_URL_PREFIX}${file}`))) throw new AppError("not_found");
  const bytes = await readFile(path.join(/*turbopackIgnore: true*/ uploadsDir(), file)).catch(() => null);
  if (!bytes) throw new AppError("not_found");
  return new Response(new Uint8Array(bytes), {
    headers: { ...UPLOAD_HEADERS, "content-length": String(bytes.byteLength) },
  });
}
