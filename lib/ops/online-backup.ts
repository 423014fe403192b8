import "server-only";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { authoriseOperator } from "@/lib/server/bearer";
import { snapshotDatabase } from "@/lib/server/db";
import type { Env } from "@/lib/server/env";
import { AppError } from "@/lib/server/errors";
import { operationsStrings } from "@/lib/strings/operations";
import { processState } from "@/lib/server/host.mjs";

const strings = { operations: operationsStrings };

// The embedded database can be open in one process only, so while the app
// runs `npm run backup` asks the app itself for the copy: at start the app
// writes DATA_DIR/backup-endpoint.json (readable by its owner only) with its
// pid, port and a random token; GET /api/ops/backup answers that token alone.
// Whoever can read that file can read the database files anyway.

export interface BackupEndpoint {
  pid: number;
  port: number;
  token: string;
}

const published = processState<{ token?: string }>("backup-endpoint", () => ({}));

export const endpointFile = (dataDir: string) => path.resolve(dataDir, "backup-endpoint.json");

/** At start, on the embedded database only. */
export function publishBackupEndpoint(e: Pick<Env, "DATA_DIR" | "PORT">): void {
  const token = randomBytes(32).toString("base64url");
  const file = endpointFile(e.DATA_DIR);
  writeFileSync(file, JSON.stringify({ pid: process.pid, port: e.PORT, token } satisfies BackupEndpoint), { mode: 0o600 });
  published.token = token;
  process.once("exit", () => rmSync(file, { force: true }));
}

export function readBackupEndpoint(dataDir: string): BackupEndpoint | null {
  try {
    const value = JSON.parse(readFileSync(endpointFile(dataDir), "utf8")) as Partial<BackupEndpoint>;
    return typeof value.pid === "number" && typeof value.port === "number" && typeof value.token === "string" ? (value as BackupEndpoint) : null;
  } catch {
    return null;
  }
}

/** GET /api/ops/backup: 404 unless this process published an endpoint, 401 for any other token. */
export async function backupResponse(req: Request): Promise<Response> {
  authoriseOperator(req, published.token, strings.operations.backupUnauthorized);
  const snapshot = await snapshotDatabase();
  if (!snapshot) throw new AppError("not_found");
  return new Response(snapshot, {
    headers: { "content-type": "application/gzip", "cache-control": "no-store", "content-length": String(snapshot.size) },
  });
}
