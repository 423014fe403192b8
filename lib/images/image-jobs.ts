import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { deletionJob, utc, type Job } from "@/lib/jobs/job";
import { env } from "@/lib/server/env";
import { sweepBlobPage } from "./blob-orphans";
import { BLOB_TIMEOUT_MS } from "./blob-storage";
import { uploadsDir } from "./image-storage";
import { ORPHAN_GRACE_MS, sweepOrphanUploads } from "./sweep-orphans";

// Images no row references, on disk and in Vercel Blob (after an hour, so
// no upload in progress is touched), and parts of uploads sent in pieces
// that were never joined (after an hour).

const PARTS_KEPT_MS = 60 * 60_000;

export function imageJobs(): Job[] {
  const token = env().BLOB_READ_WRITE_TOKEN;
  return [
    deletionJob("images.upload-parts", [{ table: "UploadPart", where: (now) => Prisma.sql`"createdAt" < ${utc(new Date(now.getTime() - PARTS_KEPT_MS))}` }]),
    {
      // Outside any transaction: reading the folder must not hold the embedded
      // database (one transaction at a time). Two runs at once count each file
      // once: only one unlink of it succeeds.
      name: "images.disk-orphans",
      kind: "self-guarded",
      async step({ now }) {
        const removed = await sweepOrphanUploads(uploadsDir(), now.getTime(), ORPHAN_GRACE_MS);
        return { done: removed, more: false };
      },
    },
    ...(token ? [blobOrphansJob(token)] : []),
  ];
}

/** A finished sweep of Blob is marked in the shared RateLimit table; the next one waits an hour. */
const BLOB_SWEEP_KEY = "job:images.blob-orphans";
const BLOB_SWEEP_EVERY_MS = 60 * 60_000;

// Listing Blob is a billed "advanced operation" (a few thousand a month on the
// free plan): a long-lived host calls the jobs every minute, so a finished
// sweep is not started again for an hour, whichever instance runs the jobs.
function blobOrphansJob(token: string): Job {
  let cursor: string | undefined;
  let started = false;
  return {
    name: "images.blob-orphans",
    kind: "locked",
    async step(tx, { now, deadline }) {
      if (!started) {
        const recent = await tx.$queryRaw<unknown[]>`
          SELECT 1 FROM "RateLimit" WHERE "key" = ${BLOB_SWEEP_KEY} AND "resetAt" > ${utc(now)}`;
        if (recent.length) return { done: 0, more: false };
        started = true;
      }
      // Each Blob call is cut off at the run's deadline (a second at least), so a silent service cannot hold the run.
      const timeoutMs = Math.max(1_000, Math.min(BLOB_TIMEOUT_MS, deadline - Date.now()));
      const page = await sweepBlobPage(tx, { token, graceMs: ORPHAN_GRACE_MS, timeoutMs }, cursor, now);
      cursor = page.cursor;
      if (cursor === undefined) {
        const next = utc(new Date(now.getTime() + BLOB_SWEEP_EVERY_MS));
        await tx.$executeRaw`
          INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES (${BLOB_SWEEP_KEY}, 1, ${next})
          ON CONFLICT ("key") DO UPDATE SET "count" = 1, "resetAt" = EXCLUDED."resetAt"`;
      }
      return { done: page.removed, more: cursor !== undefined };
    },
  };
}
