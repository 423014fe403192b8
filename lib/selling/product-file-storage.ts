import "server-only";
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, stat, unlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { del, get, put } from "@vercel/blob";
import { bounded } from "@/lib/images/blob-storage";
import { env } from "@/lib/server/env";

// Where products' files are kept: never at a public address (api.md, Selling
// with Pix). On disk, DATA_DIR/private/{key}, a folder no route serves; with
// BLOB_READ_WRITE_TOKEN, Vercel Blob with `access: "private"` (its reads need
// the token). A key is 32 random bytes in hex: nothing of the page, the
// product or the file's name. Only the app reads a file back, for a paid order.

export const STORAGE_KEY_PATTERN = /^[0-9a-f]{64}$/;
/** A file being received: it becomes a stored file, or is deleted (the jobs sweep one left by a crash). */
export const PART_PREFIX = ".part-";
const BLOB_FOLDER = "products/";
/** Sending 50 MB to Blob, or opening one, may take this long before it is given up. */
const BLOB_FILE_TIMEOUT_MS = 120_000;

export function newStorageKey(): string {
  return randomBytes(32).toString("hex");
}

export interface ProductFileStorage {
  /** The folder a file being received is written to (on disk, beside its final place, so keeping it is a rename). */
  stagingDir(): string;
  /** Keeps the received file `from` under `key` (and lets go of `from`). */
  keep(key: string, from: string, contentType: string): Promise<void>;
  /** The stored bytes, or null when there are none under `key`. */
  open(key: string): Promise<ReadableStream<Uint8Array> | null>;
  remove(key: string): Promise<void>;
}

/** DATA_DIR/private: outside DATA_DIR/uploads, which /uploads/[file] serves. */
export function privateDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env().DATA_DIR, "private");
}

const keyPath = (key: string) => {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error("not a product file's key");
  return path.join(/*turbopackIgnore: true*/ privateDir(), key);
};

const diskStorage: ProductFileStorage = {
  stagingDir: privateDir,
  async keep(key, from) {
    await rename(from, keyPath(key));
  },
  async open(key) {
    const file = keyPath(key);
    if (!(await stat(file).catch(() => null))?.isFile()) return null;
    return Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  },
  async remove(key) {
    await unlink(keyPath(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  },
};

function blobStorage(token: string): ProductFileStorage {
  const pathname = (key: string) => {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error("not a product file's key");
    return `${BLOB_FOLDER}${key}`;
  };
  return {
    stagingDir: () => os.tmpdir(),
    async keep(key, from, contentType) {
      try {
        await bounded(
          (abortSignal) =>
            put(pathname(key), createReadStream(from), { access: "private", contentType, addRandomSuffix: false, multipart: true, token, abortSignal }),
          BLOB_FILE_TIMEOUT_MS,
        );
      } finally {
        await unlink(from).catch(() => {});
      }
    },
    async open(key) {
      const found = await bounded((abortSignal) => get(pathname(key), { access: "private", useCache: false, token, abortSignal }), BLOB_FILE_TIMEOUT_MS);
      return found?.statusCode === 200 ? found.stream : null;
    },
    async remove(key) {
      await bounded((abortSignal) => del(pathname(key), { token, abortSignal }), BLOB_FILE_TIMEOUT_MS);
    },
  };
}

export function productFileStorage(): ProductFileStorage {
  const token = env().BLOB_READ_WRITE_TOKEN;
  return token ? blobStorage(token) : diskStorage;
}

/** Makes sure the staging folder exists. */
export async function ensureDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
}

export { BLOB_FOLDER };
