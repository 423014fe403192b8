import "server-only";
import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { del, list } from "@vercel/blob";
import { bounded } from "@/lib/images/blob-storage";
import { sellingConfig } from "./selling-config";
import { utc, type Job, type Tx } from "@/lib/jobs/job";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { log } from "@/lib/server/log";
import { BLOB_FOLDER, PART_PREFIX, privateDir, STORAGE_KEY_PATTERN } from "./product-file-storage";

// Products' files that no ProductFile row names any more: the block, its page
// or its account was deleted (the row cascades, the bytes stay), a replaced
// file's delete failed, or an upload was cut off between "kept" and
// "committed". Deleted once an hour old, so an upload in progress on any
// instance is never touched; on disk, files still being received too.

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

/** A finished sweep of Blob is marked in the shared RateLimit table; the next one waits an hour (listing is billed). */
const BLOB_SWEEP_KEY = "job:selling.product-file-blob-orphans";
const BLOB_SWEEP_EVERY_MS = 60 * 60_000;

function blobOrphansJob(token: string): Job {
  let cursor: string | undefined;
  let started = false;
  return {
    name: "selling.product-file-blob-orphans",
    kind: "locked",
    async step(tx, { now, deadline }) {
      if (!started) {
        const recent = await tx.$queryRaw<unknown[]>`SELECT 1 FROM "RateLimit" WHERE "key" = ${BLOB_SWEEP_KEY} AND "resetAt" > ${utc(now)}`;
        if (recent.length) return { done: 0, more: false };
        started = true;
      }
      const timeoutMs = Math.max(1_000, Math.min(15_000, deadline - Date.now()));
      const page = await bounded((abortSignal) => list({ prefix: BLOB_FOLDER, limit: 1_000, cursor, token, abortSignal }), timeoutMs);
      cursor = page.hasMore ? page.cursor : undefined;
      const old = page.blobs.filter((b) => now.getTime() - b.uploadedAt.getTime() >= PRODUCT_FILE_GRACE_MS).map((b) => b.pathname.slice(BLOB_FOLDER.length));
      const orphans = [
        ...(await unreferenced(
          tx,
          old.filter((key) => STORAGE_KEY_PATTERN.test(key)),
        )),
      ];
      if (orphans.length)
        await bounded(
          (abortSignal) =>
            del(
              orphans.map((key) => `${BLOB_FOLDER}${key}`),
              { token, abortSignal },
            ),
          timeoutMs,
        );
      if (cursor === undefined) {
        const next = utc(new Date(now.getTime() + BLOB_SWEEP_EVERY_MS));
        await tx.$executeRaw`
          INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES (${BLOB_SWEEP_KEY}, 1, ${next})
          ON CONFLICT ("key") DO UPDATE SET "count" = 1, "resetAt" = EXCLUDED."resetAt"`;
      }
      return { done: orphans.length, more: cursor !== undefined };
    },
  };
}

/** The sweep where products' files are kept (lib/startup/app-jobs.ts lists it). */
export function productFileJobs(): Job[] {
  // Where selling is off no product file is stored, and Blob's listing is billed.
  if (!sellingConfig()) return [];
  const token = env().BLOB_READ_WRITE_TOKEN;
  if (token) return [blobOrphansJob(token)];
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
