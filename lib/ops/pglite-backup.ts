import "server-only";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { lockDataDir, newPGlite, pgliteDataDir } from "@/lib/server/database";
import type { Env } from "@/lib/server/env";
import { readBackupEndpoint } from "./online-backup";
import { OpsError, describeCounts, tableCounts, totalRows } from "./table-counts";

// The embedded database: a backup is its data directory as a gzipped tarball
// (PGlite's dumpDataDir), taken between two queries after a checkpoint. While
// the app runs it holds the directory, so the copy is asked of the app; a
// restore needs the app stopped (it replaces the directory).

async function pgliteCounts(dir: string): Promise<Record<string, number>> {
  const pg = newPGlite(dir);
  try {
    return await tableCounts(async (sql) => (await pg.query<Record<string, unknown>>(sql)).rows);
  } finally {
    await pg.close();
  }
}

/** The live process holding the directory, if any (a lock left by a crash does not count). */
function lockOwner(dir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(`${dir}.lock`, "utf8").trim());
  } catch {
    return null;
  }
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

export async function pgliteBackup(e: Env, file: string): Promise<string> {
  const dir = pgliteDataDir(e);
  if (!existsSync(path.join(dir, "PG_VERSION"))) throw new OpsError(`There is no embedded database in ${dir}.`);
  const endpoint = readBackupEndpoint(e.DATA_DIR);
  const owner = lockOwner(dir);
  const online = Boolean(endpoint && owner === endpoint.pid);
  let bytes: Uint8Array;
  if (endpoint && online) {
    const res = await fetch(`http://127.0.0.1:${endpoint.port}/api/ops/backup`, {
      headers: { authorization: `Bearer ${endpoint.token}` },
      signal: AbortSignal.timeout(600_000),
    }).catch((error: unknown) => {
      throw new OpsError(`The app (process ${owner}) holds the database but did not answer on port ${endpoint.port}: ${String(error)}`);
    });
    if (!res.ok) throw new OpsError(`The running app refused the backup: ${res.status} ${await res.text()}`);
    bytes = new Uint8Array(await res.arrayBuffer());
  } else {
    // Refused with a clear message when another command holds the directory.
    const release = lockDataDir(dir);
    try {
      const pg = newPGlite(dir);
      try {
        bytes = new Uint8Array(await (await pg.dumpDataDir("gzip")).arrayBuffer());
      } finally {
        await pg.close();
      }
    } finally {
      release();
    }
  }
  writeFileSync(`${file}.partial`, bytes);
  renameSync(`${file}.partial`, file);
  const how = online ? "from the running app" : "with the app stopped";
  return `Embedded database in ${dir} written to ${file} (${bytes.byteLength} bytes, taken ${how}).`;
}

export async function pgliteRestore(e: Env, file: string, force: boolean): Promise<string> {
  const dir = pgliteDataDir(e);
  const data = readFileSync(file);
  mkdirSync(path.dirname(dir), { recursive: true });
  let release: () => void;
  try {
    release = lockDataDir(dir);
  } catch (error) {
    throw new OpsError(`${(error as Error).message} A restore replaces the database: stop the app first.`);
  }
  try {
    const existing = existsSync(path.join(dir, "PG_VERSION")) ? await pgliteCounts(dir) : {};
    if (totalRows(existing) > 0 && !force) {
      throw new OpsError(
        `The embedded database in ${dir} is not empty (${describeCounts(existing)}). Add --force to replace it (the old directory is kept aside).`,
      );
    }
    const incoming = `${dir}.restoring`;
    rmSync(incoming, { recursive: true, force: true });
    const pg = newPGlite(incoming, { loadDataDir: new Blob([new Uint8Array(data)]) });
    const counts = await tableCounts(async (sql) => (await pg.query<Record<string, unknown>>(sql)).rows).finally(() => pg.close());
    let kept = "";
    if (existsSync(dir)) {
      if (totalRows(existing) > 0) {
        kept = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
        renameSync(dir, kept);
      } else rmSync(dir, { recursive: true, force: true });
    }
    renameSync(incoming, dir);
    return `Restored into ${dir}: ${describeCounts(counts)}.${kept ? ` The replaced database was moved to ${kept}.` : ""}`;
  } finally {
    release();
  }
}
