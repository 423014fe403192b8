import "server-only";
import { del, list } from "@vercel/blob";
import type { Tx } from "@/lib/jobs/job";
import { BLOB_TIMEOUT_MS, bounded } from "./blob-storage";
import { STORED_NAME_PATTERN } from "./image-rules";

// Images in Vercel Blob that no row references: an upload cut off between
// "stored" and "committed", or a replaced image whose delete failed. Listed a
// page at a time (the listing's cursor carries over between batches), and
// deleted once older than the grace period, so an upload in progress on any
// instance is never touched.

const FOLDER = "images/";
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

/** Lists one page from `cursor` and deletes its unreferenced, old images; references are read through `client`. */
export async function sweepBlobPage(client: Pick<Tx, "page" | "link">, sweep: BlobSweep, cursor: string | undefined, now: Date): Promise<BlobPage> {
  const timeoutMs = sweep.timeoutMs ?? BLOB_TIMEOUT_MS;
  const page = await bounded((abortSignal) => list({ prefix: FOLDER, limit: PAGE, cursor, token: sweep.token, abortSignal }), timeoutMs);
  const next = page.hasMore ? page.cursor : undefined;
  const old = page.blobs
    .filter((b) => STORED_NAME_PATTERN.test(b.pathname.slice(FOLDER.length)) && now.getTime() - b.uploadedAt.getTime() >= sweep.graceMs)
    .map((b) => b.url);
  if (!old.length) return { removed: 0, cursor: next };
  const pages = await client.page.findMany({
    where: { OR: [{ avatarUrl: { in: old } }, { coverUrl: { in: old } }] },
    select: { avatarUrl: true, coverUrl: true },
  });
  const links = await client.link.findMany({ where: { thumbnailUrl: { in: old } }, select: { thumbnailUrl: true } });
  const referenced = new Set([...pages.flatMap((p) => [p.avatarUrl, p.coverUrl]), ...links.map((l) => l.thumbnailUrl)]);
  const orphans = old.filter((url) => !referenced.has(url));
  if (orphans.length) await bounded((abortSignal) => del(orphans, { token: sweep.token, abortSignal }), timeoutMs);
  return { removed: orphans.length, cursor: next };
}
