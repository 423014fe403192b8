import "server-only";
import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { DatabaseKind } from "@/lib/server/database";
import { db } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { uploadsDir } from "./image-storage";
import { TEMP_PREFIX, UPLOADS_URL_PREFIX } from "./disk-storage";
import { STORED_NAME_PATTERN } from "./image-rules";

// A crash between "file stored" and "URL committed" (or between "committed"
// and "old file deleted") leaves a file nobody points to. This removes, from
// DATA_DIR/uploads, temporary files and images that no page or link references, once
// they are older than `graceMs` (an hour by default, so an upload in progress
// in this or another process is never touched).

export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

export async function sweepOrphanUploads(dir = uploadsDir(), now = Date.now(), graceMs = ORPHAN_GRACE_MS): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const old: string[] = [];
  for (const name of names) {
    const isTemp = name.startsWith(TEMP_PREFIX);
    if (!isTemp && !STORED_NAME_PATTERN.test(name)) continue;
    const info = await stat(path.join(/*turbopackIgnore: true*/ dir, name)).catch(() => null);
    if (info && now - info.mtimeMs >= graceMs) old.push(name);
  }
  let removed = 0;
  for (let i = 0; i < old.length; i += BATCH) {
    const batch = old.slice(i, i + BATCH);
    const urls = batch.filter((n) => !n.startsWith(TEMP_PREFIX)).map((n) => `${UPLOADS_URL_PREFIX}${n}`);
    const used = urls.length
      ? await db.page.findMany({
          where: { OR: [{ avatarUrl: { in: urls } }, { coverUrl: { in: urls } }] },
          select: { avatarUrl: true, coverUrl: true },
        })
      : [];
    const thumbnails = urls.length ? await db.link.findMany({ where: { thumbnailUrl: { in: urls } }, select: { thumbnailUrl: true } }) : [];
    const referenced = new Set([...used.flatMap((u) => [u.avatarUrl, u.coverUrl]), ...thumbnails.map((l) => l.thumbnailUrl)]);
    for (const name of batch) {
      if (referenced.has(`${UPLOADS_URL_PREFIX}${name}`)) continue;
      await unlink(path.join(/*turbopackIgnore: true*/ dir, name)).then(
        () => removed++,
        () => {},
      );
    }
  }
  if (removed) log.info("uploads.orphans_removed", { removed });
  return removed;
}

/**
 * At start-up, before any request. On the embedded database this process is
 * the only one using DATA_DIR (a PGlite directory opens in one process only),
 * so no upload is in progress anywhere: every temporary or unreferenced file
 * is left over from a crash (kill -9 during an upload) and goes at once. On
 * PostgreSQL other instances may share the folder and be mid-upload, so the
 * grace period applies.
 */
export function sweepOrphansAtStart(kind: DatabaseKind, dir = uploadsDir()): Promise<number> {
  return sweepOrphanUploads(dir, Date.now(), kind === "pglite" ? 0 : ORPHAN_GRACE_MS);
}
