import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/server/env";
import { STORED_NAME_PATTERN } from "./image-rules";
import { blobStorage } from "./blob-storage";
import { diskStorage } from "./disk-storage";
import { uploadsDir, type ImageStorage } from "./image-storage";

// Vercel Blob when BLOB_READ_WRITE_TOKEN is set, DATA_DIR/uploads otherwise.

/** Where new images go. */
export function imageStorage(): ImageStorage {
  const token = env().BLOB_READ_WRITE_TOKEN;
  return token ? blobStorage(token) : diskStorage(uploadsDir());
}

/**
 * Deletes a stored image wherever it lives (an image saved on disk before Blob
 * was configured is still ours to delete). Null and foreign URLs: nothing.
 */
export async function removeStoredImage(url: string | null | undefined): Promise<void> {
  if (!url) return;
  const disk = diskStorage(uploadsDir());
  if (disk.owns(url)) return disk.remove(url);
  const token = env().BLOB_READ_WRITE_TOKEN;
  if (token) {
    const blob = blobStorage(token);
    if (blob.owns(url)) return blob.remove(url);
  }
}

/**
 * The bytes of an image this app stored (the page's photo drawn into its QR
 * code), or null: a foreign URL (a Google photo), a missing file, a Blob store
 * that does not answer in 5 s.
 */
export async function readStoredImage(url: string | null | undefined): Promise<Uint8Array | null> {
  if (!url) return null;
  try {
    const disk = diskStorage(uploadsDir());
    if (disk.owns(url)) {
      const name = url.split("/").pop() ?? "";
      return STORED_NAME_PATTERN.test(name) ? await readFile(path.join(/*turbopackIgnore: true*/ uploadsDir(), name)) : null;
    }
    const token = env().BLOB_READ_WRITE_TOKEN;
    if (token && blobStorage(token).owns(url)) {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      return res.ok ? new Uint8Array(await res.arrayBuffer()) : null;
    }
  } catch {
    return null;
  }
  return null;
}
