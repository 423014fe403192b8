import "server-only";
import { db } from "./db";
import { log } from "./log";

/** True when the database answers a trivial query within the timeout. */
export async function checkDatabase(timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.$queryRaw`SELECT 1`,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("health check timed out")), timeoutMs);
      }),
    ]);
    return true;
  } catch (error) {
    log.warn("health.db_down", { error: error instanceof Error ? error.message : String(error) });
    return false;
  } finally {
    clearTimeout(timer);
  }
}
