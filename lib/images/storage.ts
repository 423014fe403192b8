import "server-only";
import { env } from "@/lib/server/env";
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
