import "server-only";
import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { blobSweepJob, type BlobFolder } from "@/lib/images/blob-orphans";
import { sellingConfig } from "./selling-config";
import type { Job, Tx } from "@/lib/jobs/job";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { log } from "@/lib/server/log";
import { BLOB_FOLDER, PART_PREFIX, privateDir, STORAGE_KEY_PATTERN } from "./product-file-storage";

// Products' files that no ProductFile row names any more: the block, its page
// or its account was deleted (the row cascades, the bytes stay), a replaced
// file's delete failed, or an upload was cut off between "kept" and
// "committed". Deleted once an hour old, so an upload in progress on any
// instance is never touched; on disk, files still being received too. Blob is
// swept as the images are (lib/images/blob-orphans.ts), in its own folder.

export const PRODUCT_FILE_GRACE_MS = 60 * 60_000;
const BATCH = 500;

/** The keys among `keys` that no row names. */
async function unreferenced(client: Pick<Tx, "productFile">, keys: string[]): Promise<Set<string>> {
  const used = keys.length ? await client.productFile.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } }) : [];
  const named = new Set(used.map((row) => row.storageKey));
  return new Set(keys.filter((key) => !named.has(key)));
}

/** DATA_DIR/private: old unreferenced files and old files still marked as being received. */
export async function sweepProductFiles(dir = privateDir(), now = Date.now(), graceMs = PRODUCT_FILE_GRACE_MS): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const old: string[] = [];
  for (const name of names) {
    if (!STORAGE_KEY_PATTERN.test(name) && !name.startsWith(PART_PREFIX)) continue;
    const info = await stat(path.join(/*turbopackIgnore: true*/ dir, name)).catch(() => null);
    if (info && now - info.mtimeMs >= graceMs) old.push(name);
  }
  let removed = 0;
  for (let i = 0; i < old.length; i += BATCH) {
    const batch = old.slice(i, i + BATCH);
    const orphans = await unreferenced(
      db,
      batch.filter((name) => STORAGE_KEY_PATTERN.test(name)),
    );
    for (const name of batch) {
      if (!name.startsWith(PART_PREFIX) && !orphans.has(name)) continue;
      await unlink(path.join(/*turbopackIgnore: true*/ dir, name)).then(
        () => removed++,
        () => {},
      );
    }
  }
  if (removed) log.info("product_files.orphans_removed", { removed });
  return removed;
}

/** The products' files in Blob: named by their storage key alone (a private store). */
const PRODUCT_FILES: BlobFolder = {
  prefix: BLOB_FOLDER,
  ours: (name) => STORAGE_KEY_PATTERN.test(name),
  async unreferenced(client, blobs) {
    const orphans = await unreferenced(
      client,
      blobs.map((b) => b.name),
    );
    return blobs.filter((b) => orphans.has(b.name)).map((b) => b.url);
  },
};

/** The sweep where products' files are kept (lib/startup/app-jobs.ts lists it). */
export function productFileJobs(): Job[] {
  // Where selling is off no product file is stored, and Blob's listing is billed.
  if (!sellingConfig()) return [];
  const token = env().BLOB_READ_WRITE_TOKEN;
  if (token) return [blobSweepJob("selling.product-file-blob-orphans", PRODUCT_FILES, { token, graceMs: PRODUCT_FILE_GRACE_MS })];
  return [
    {
      // Outside any transaction: reading the folder must not hold the embedded database.
      name: "selling.product-file-disk-orphans",
      kind: "self-guarded",
      async step({ now }) {
        return { done: await sweepProductFiles(privateDir(), now.getTime()), more: false };
      },
    },
  ];
}
