import "server-only";
import { sweepOrphansAtStart } from "@/lib/images/sweep-orphans";
import { ensureDatabaseReady, databaseKind } from "./db";
import { registerFailurePage } from "./failure-page";
import { registerStaticAssets } from "./static-assets";
import { registerPrerenderedPages } from "./static-pages";
import { env } from "./env";
import { errorFields, log } from "./log";
import { authSecret } from "./secret";

export async function startServer() {
  try {
    const e = env();
    authSecret();
    await ensureDatabaseReady();
    // Files left by a crash in the middle of an upload (never fatal).
    await sweepOrphansAtStart(databaseKind()).catch((error: unknown) => log.warn("uploads.sweep_failed", errorFields(error)));
    registerFailurePage();
    registerPrerenderedPages();
    registerStaticAssets();
    log.info("server.ready", { database: databaseKind(), dataDir: e.DATABASE_URL ? undefined : e.DATA_DIR });
  } catch (error) {
    log.error("server.start_failed", errorFields(error));
    process.exit(1);
  }
}
