import "server-only";
import path from "node:path";
import { blobStorage } from "@/lib/images/blob-storage";
import { diskStorage } from "@/lib/images/disk-storage";
import { env } from "./env";

// Where uploaded images live, behind one interface: Vercel Blob when
// BLOB_READ_WRITE_TOKEN is set, DATA_DIR/uploads (served by /uploads/[file])
// otherwise. Names are random (lib/images/image-rules.ts STORED_NAME_PATTERN).

export interface ImageStorage {
  /** Stores the bytes under `name` durably and answers the URL that serves them. */
  save(name: string, bytes: Uint8Array): Promise<string>;
  /** True when `url` was handed out by this storage. */
  owns(url: string): boolean;
  /** Deletes a URL this storage handed out; any other URL (a Google photo...) is left alone. */
  remove(url: string): Promise<void>;
}

export function uploadsDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env().DATA_DIR, "uploads");
}

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
