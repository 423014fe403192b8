import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { deletionJob, utc, type Job } from "@/lib/jobs/job";
import { env } from "@/lib/server/env";
import { imageBlobSweepJob } from "./blob-orphans";
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
    ...(token ? [imageBlobSweepJob(token, ORPHAN_GRACE_MS)] : []),
  ];
}
