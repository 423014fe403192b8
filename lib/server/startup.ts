import "server-only";
import { sweepOrphansAtStart } from "@/lib/images/sweep-orphans";
import { startJobSchedule } from "@/lib/jobs/schedule";
import { registerCountFastPath } from "@/lib/stats/count-fast-path";
import { publishBackupEndpoint } from "@/lib/ops/online-backup";
import { ensureDatabaseReady, databaseKind } from "./db";
import { registerFailurePage } from "./failure-page";
import { registerStaticAssets } from "./static-assets";
import { registerLateBoot } from "./deferred-boot";
import { registerPrerenderedPages } from "./static-pages";
import { env } from "./env";
import { errorFields, log } from "./log";
import { metrics } from "./metrics";
import { startRequestMetrics } from "./request-metrics";
import { authSecret } from "./secret";

export async function startServer() {
  try {
    const e = env();
    authSecret();
    await ensureDatabaseReady();
    // Files left by a crash in the middle of an upload (never fatal).
    await sweepOrphansAtStart(databaseKind()).catch((error: unknown) => log.warn("uploads.sweep_failed", errorFields(error)));
    registerFailurePage();
    registerCountFastPath();
    // E-mail retries, retention, expired rows and orphan images: now and every minute.
    startJobSchedule();
    // The registry exists before the first request: server.mjs counts into it.
    metrics();
    startRequestMetrics();
    // `npm run backup` reaches the running app for a copy of the embedded database.
    if (databaseKind() === "pglite") publishBackupEndpoint(e);
    registerPrerenderedPages();
    registerLateBoot();
    registerStaticAssets();
    log.info("server.ready", { database: databaseKind(), dataDir: e.DATABASE_URL ? undefined : e.DATA_DIR });
  } catch (error) {
    log.error("server.start_failed", errorFields(error));
    process.exit(1);
  }
}
