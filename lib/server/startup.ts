import "server-only";
import { ensureDatabaseReady, databaseKind } from "./db";
import { env } from "./env";
import { errorFields, log } from "./log";
import { authSecret } from "./secret";

export async function startServer() {
  try {
    const e = env();
    authSecret();
    await ensureDatabaseReady();
    log.info("server.ready", { database: databaseKind(), dataDir: e.DATABASE_URL ? undefined : e.DATA_DIR });
  } catch (error) {
    log.error("server.start_failed", errorFields(error));
    process.exit(1);
  }
}
