import "server-only";
import path from "node:path";
import { env } from "@/lib/server/env";

// The one interface behind which uploaded images live (disk-storage.ts,
// blob-storage.ts); storage.ts picks the implementation. Names are random
// (image-rules.ts STORED_NAME_PATTERN).

export interface ImageStorage {
  /** Stores the bytes under `name` durably and answers the URL that serves them. */
  save(name: string, bytes: Uint8Array): Promise<string>;
  /** True when `url` was handed out by this storage. */
  owns(url: string): boolean;
  /** Deletes a URL this storage handed out; any other URL (a Google photo...) is left alone. */
  remove(url: string): Promise<void>;
}

/** DATA_DIR/uploads: where the disk storage keeps images (served by /uploads/[file]). */
export function uploadsDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env().DATA_DIR, "uploads");
}
