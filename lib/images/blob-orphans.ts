import "server-only";
import { del, list } from "@vercel/blob";
import { utc, type Job, type Tx } from "@/lib/jobs/job";
import { BLOB_TIMEOUT_MS, bounded } from "./blob-storage";
import { STORED_NAME_PATTERN } from "./image-rules";

// Files in Vercel Blob that no row references: an upload cut off between
// "stored" and "committed", or a replaced file whose delete failed. Listed a
// page at a time (the listing's cursor carries over between batches), and
// deleted once older than the grace period, so an upload in progress on any
// instance is never touched. The images' folder and the products' files
// (lib/selling/product-file-jobs.ts) are swept the same way: each says which
// names of its folder are its own and which of those rows still name.

const PAGE = 1_000;

interface BlobSweep {
  token: string;
  graceMs: number;
  timeoutMs?: number;
}

interface BlobPage {
  removed: number;
  /** The next page's cursor; undefined once the listing is over. */
  cursor: string | undefined;
}

/** A folder of Blob and how its orphans are known. */
export interface BlobFolder {
  /** The listing's prefix ("images/"). */
  prefix: string;
  /** Whether a name in the folder (after the prefix) is one of ours; any other file is left alone. */
  ours: (name: string) => boolean;
  /** Of `blobs` (ours, past the grace period), the URLs no row names, read through `client`. */
  unreferenced: (client: Tx, blobs: { url: string; name: string }[]) => Promise<string[]>;
}

/** The images (avatars, covers, thumbnails): referenced by their URL from a page or a link. */
const IMAGES: BlobFolder = {
  prefix: "images/",
  ours: (name) => STORED_NAME_PATTERN.test(name),
  async unreferenced(client, blobs) {
    const urls = blobs.map((b) => b.url);
    const pages = await client.page.findMany({
      where: { OR: [{ avatarUrl: { in: urls } }, { coverUrl: { in: urls } }] },
      select: { avatarUrl: true, coverUrl: true },
    });
    const links = await client.link.findMany({ where: { thumbnailUrl: { in: urls } }, select: { thumbnailUrl: true } });
    const referenced = new Set([...pages.flatMap((p) => [p.avatarUrl, p.coverUrl]), ...links.map((l) => l.thumbnailUrl)]);
    return urls.filter((url) => !referenced.has(url));
  },
};

/** Lists one page of `folder` from `cursor` and deletes its unreferenced, old files; references are read through `client`. */
export async function sweepBlobFolder(client: Tx, folder: BlobFolder, sweep: BlobSweep, cursor: string | undefined, now: Date): Promise<BlobPage> {
  const timeoutMs = sweep.timeoutMs ?? BLOB_TIMEOUT_MS;
  const page = await bounded((abortSignal) => list({ prefix: folder.prefix, limit: PAGE, cursor, token: sweep.token, abortSignal }), timeoutMs);
  const next = page.hasMore ? page.cursor : undefined;
  const old = page.blobs
    .map((b) => ({ url: b.url, name: b.pathname.slice(folder.prefix.length), uploadedAt: b.uploadedAt }))
    .filter((b) => folder.ours(b.name) && now.getTime() - b.uploadedAt.getTime() >= sweep.graceMs);
  if (!old.length) return { removed: 0, cursor: next };
  const orphans = await folder.unreferenced(client, old);
  if (orphans.length) await bounded((abortSignal) => del(orphans, { token: sweep.token, abortSignal }), timeoutMs);
  return { removed: orphans.length, cursor: next };
}

const BLOB_SWEEP_EVERY_MS = 60 * 60_000;

// Listing Blob is a billed "advanced operation" (a few thousand a month on the
// free plan): a long-lived host calls the jobs every minute, so a finished
// sweep is not started again for an hour, whichever instance runs the jobs (it
// is marked in the shared RateLimit table under `job:{name}`).
/** The job that sweeps `folder` of Blob, a page a step. */
export function blobSweepJob(name: string, folder: BlobFolder, sweep: Omit<BlobSweep, "timeoutMs">): Job {
  const key = `job:${name}`;
  let cursor: string | undefined;
  let started = false;
  return {
    name,
    kind: "locked",
    async step(tx, { now, deadline }) {
      if (!started) {
        const recent = await tx.$queryRaw<unknown[]>`
          SELECT 1 FROM "RateLimit" WHERE "key" = ${key} AND "resetAt" > ${utc(now)}`;
        if (recent.length) return { done: 0, more: false };
        started = true;
      }
      // Each Blob call is cut off at the run's deadline (a second at least), so a silent service cannot hold the run.
      const timeoutMs = Math.max(1_000, Math.min(BLOB_TIMEOUT_MS, deadline - Date.now()));
      const page = await sweepBlobFolder(tx, folder, { ...sweep, timeoutMs }, cursor, now);
      cursor = page.cursor;
      if (cursor === undefined) {
        const next = utc(new Date(now.getTime() + BLOB_SWEEP_EVERY_MS));
        await tx.$executeRaw`
          INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES (${key}, 1, ${next})
          ON CONFLICT ("key") DO UPDATE SET "count" = 1, "resetAt" = EXCLUDED."resetAt"`;
      }
      return { done: page.removed, more: cursor !== undefined };
    },
  };
}

/** The images' sweep of Blob (lib/images/image-jobs.ts). */
export const imageBlobSweepJob = (token: string, graceMs: number): Job => blobSweepJob("images.blob-orphans", IMAGES, { token, graceMs });
