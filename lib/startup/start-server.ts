import "server-only";
import { loadDomainHosts } from "@/lib/domains/load-host-list";
import { registerCustomHosts } from "@/lib/domains/host-list";
import { sweepOrphansAtStart } from "@/lib/images/sweep-orphans";
import { startJobSchedule } from "./app-jobs";
import { registerCountFastPath } from "@/lib/stats/count-fast-path";
import { ensurePartitions } from "@/lib/stats/partitions";
import { publishBackupEndpoint } from "@/lib/ops/online-backup";
import { ensureDatabaseReady, databaseKind } from "@/lib/server/db";
import { guardFailedPages } from "@/lib/server/failure-page";
import { registerStaticAssets } from "@/lib/server/static-assets";
import { registerPrerenderedPages } from "@/lib/server/static-pages";
import { SESSION_COOKIES } from "@/lib/auth/routes";
import { env } from "@/lib/server/env";
import { errorFields, log } from "@/lib/server/log";
import { clientAddressSource, warnIfNoClientAddress } from "@/lib/server/request";
import { metrics } from "@/lib/server/metrics";
import { startRequestMetrics } from "@/lib/server/request-metrics";
import { authSecret } from "@/lib/server/secret";
import { hostFeatures } from "@/lib/server/host.mjs";
import { registerOutboxSender } from "@/lib/outbox/outbox-sender";
import { OUTBOX_KINDS } from "./outbox-kinds";

// The start-up list, in order (instrumentation.ts calls it once per
// process, before any request): configuration, schema, then what each feature
// registers. It lives outside lib/server, which holds plumbing only and
// imports no feature. Nothing here waits in the process on a serverless host:
// the job schedule starts no timer there.

export async function startServer() {
  try {
    const e = env();
    authSecret();
    // The background sender process (sender.mjs): the outbox's rows, nothing else.
    if (hostFeatures()?.senderProcess) return registerOutboxSender(OUTBOX_KINDS);
    await ensureDatabaseReady();
    // This month's statistics partitions and the next two (the jobs keep them coming; never fatal: a count makes its own).
    await ensurePartitions().catch((error: unknown) => log.warn("stats.partitions_failed", errorFields(error)));
    // Files left by a crash in the middle of an upload (never fatal).
    await sweepOrphansAtStart(databaseKind()).catch((error: unknown) => log.warn("uploads.sweep_failed", errorFields(error)));
    // A page whose rendering fails is the short pt-BR page (503 while the database is down).
    guardFailedPages();
    registerCountFastPath();
    // Custom domains: the active ones in memory before the first request, and server.mjs's routing of them.
    await loadDomainHosts();
    registerCustomHosts();
    // E-mail retries, retention, expired rows and orphan images: now and every minute.
    startJobSchedule();
    // E-mail and webhook deliveries sent by a process of their own where the host has one (npm start on PostgreSQL).
    if (databaseKind() === "postgres") hostFeatures()?.sender?.start();
    // The registry exists before the first request, and every request is counted.
    metrics();
    startRequestMetrics();
    // `npm run backup` reaches the running app for a copy of the embedded database.
    if (databaseKind() === "pglite") publishBackupEndpoint(e);
    registerPrerenderedPages(SESSION_COOKIES);
    registerStaticAssets();
    // Once per process: where client addresses come from, and a warning when from nowhere.
    warnIfNoClientAddress();
    log.info("server.ready", { database: databaseKind(), dataDir: e.DATABASE_URL ? undefined : e.DATA_DIR, clientAddress: clientAddressSource() });
  } catch (error) {
    log.error("server.start_failed", errorFields(error));
    process.exit(1);
  }
}
