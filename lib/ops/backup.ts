import "server-only";
import { openSync, readSync, closeSync } from "node:fs";
import type { Env } from "@/lib/server/env";
import { pgBackup, pgRestore } from "./pg-backup";
import { pgliteBackup, pgliteRestore } from "./pglite-backup";
import { OpsError } from "./table-counts";

// npm run backup / npm run restore: the configured database, whichever kind.

export function backupDatabase(e: Env, file: string): Promise<string> {
  return e.DATABASE_URL ? pgBackup(e.DATABASE_URL, file) : pgliteBackup(e, file);
}

/** A backup's kind, by its first bytes: pg_dump's custom format or PGlite's gzipped tarball. */
function backupKind(file: string): "postgres" | "pglite" | "unknown" {
  const head = Buffer.alloc(5);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString("latin1") === "PGDMP") return "postgres";
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  return "unknown";
}

export function restoreDatabase(e: Env, file: string, force: boolean): Promise<string> {
  const kind = backupKind(file);
  if (kind === "unknown") throw new OpsError(`${file} is not a Vitrine backup (neither pg_dump's custom format nor an embedded-database copy).`);
  const target = e.DATABASE_URL ? "postgres" : "pglite";
  if (kind !== target) {
    throw new OpsError(
      kind === "postgres"
        ? `${file} is a PostgreSQL backup: set DATABASE_URL to the PostgreSQL database to restore it into.`
        : `${file} is a copy of the embedded database: unset DATABASE_URL (and set DATA_DIR) to restore it.`,
    );
  }
  return e.DATABASE_URL ? pgRestore(e.DATABASE_URL, file, force) : pgliteRestore(e, file, force);
}
