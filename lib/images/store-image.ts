import "server-only";
import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/server/errors";
import { errorFields, log } from "@/lib/server/log";
import type { ImageStorage } from "./image-storage";
import { imageStorage, removeStoredImage } from "./storage";
import { imagesStrings } from "@/lib/strings/images";
import type { ImageVariant } from "./image-rules";
import { processImage } from "./process-image";
import { sweepOrphanUploads } from "./sweep-orphans";

const strings = { images: imagesStrings };

/** A fresh random name: nothing about the person or the original file. */
function newStoredName(variant: ImageVariant): string {
  return `${variant}-${randomBytes(16).toString("hex")}.webp`;
}

/** Re-encodes the upload and stores it; answers the new URL. */
export async function storeImage(bytes: Uint8Array, variant: ImageVariant, storage: ImageStorage = imageStorage()): Promise<string> {
  const webp = await processImage(bytes, variant);
  try {
    return await storage.save(newStoredName(variant), webp);
  } catch (error) {
    log.error("image.store_failed", errorFields(error));
    throw new AppError("unavailable", { message: strings.images.storageFailed });
  }
}

/** Deleting is best effort: a failure is logged, and the orphan sweep gets it later. */
export async function discardImage(url: string | null | undefined): Promise<void> {
  await removeStoredImage(url).catch((error: unknown) => log.warn("image.delete_failed", { url, ...errorFields(error) }));
}

interface Committed<T> {
  result: T;
  /** The URL the commit replaced (deleted once the commit is done). */
  previous: string | null;
}

/**
 * The order that never loses an image: store the new file, commit its URL to
 * the database, and only then delete the file it replaced. A failure before
 * the commit deletes the new file and leaves the old one served.
 */
export async function replaceImage<T>(options: {
  bytes: Uint8Array;
  variant: ImageVariant;
  commit: (url: string) => Promise<Committed<T>>;
  storage?: ImageStorage;
}): Promise<T> {
  const storage = options.storage ?? imageStorage();
  const url = await storeImage(options.bytes, options.variant, storage);
  let committed: Committed<T>;
  try {
    committed = await options.commit(url);
  } catch (error) {
    await storage.remove(url).catch((e: unknown) => log.warn("image.delete_failed", { url, ...errorFields(e) }));
    throw error;
  }
  if (committed.previous !== url) await discardImage(committed.previous);
  // Files orphaned by a crash between two of these steps are swept now and then.
  if (Math.random() < 0.02) void sweepOrphanUploads().catch(() => {});
  return committed.result;
}
