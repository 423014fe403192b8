import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, unlink } from "node:fs/promises";
import path from "node:path";
import type { ImageStorage } from "./image-storage";
import { STORED_NAME_PATTERN } from "./image-rules";

// Images on the local disk, served by app/uploads/[file]/route.ts. A file is
// written under a temporary name in the same directory, flushed, then renamed:
// a crash or a full disk never leaves a half-written image under a real name.

export const UPLOADS_URL_PREFIX = "/uploads/";

/** The stored name in a `/uploads/<name>` URL, or null for any other URL. */
function storedNameOf(url: string): string | null {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const name = url.slice(UPLOADS_URL_PREFIX.length);
  return STORED_NAME_PATTERN.test(name) ? name : null;
}

export const TEMP_PREFIX = ".tmp-";

async function syncDirectory(dir: string) {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeDurably(file: string, bytes: Uint8Array) {
  const handle = await open(file, "wx", 0o644);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function diskStorage(dir: string): ImageStorage {
  return {
    async save(name, bytes) {
      if (!STORED_NAME_PATTERN.test(name)) throw new Error(`not a stored image name: ${name}`);
      await mkdir(dir, { recursive: true });
      const temp = path.join(/*turbopackIgnore: true*/ dir, `${TEMP_PREFIX}${randomBytes(12).toString("hex")}`);
      try {
        await writeDurably(temp, bytes);
        await rename(temp, path.join(/*turbopackIgnore: true*/ dir, name));
      } catch (error) {
        await unlink(temp).catch(() => {});
        throw error;
      }
      await syncDirectory(dir);
      return `${UPLOADS_URL_PREFIX}${name}`;
    },
    owns: (url) => storedNameOf(url) !== null,
    async remove(url) {
      const name = storedNameOf(url);
      if (!name) return;
      await unlink(path.join(/*turbopackIgnore: true*/ dir, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
    },
  };
}
