import "server-only";
import { spawnSync } from "node:child_process";
import { renameSync, rmSync } from "node:fs";
import { Client } from "pg";
import { OpsError, describeCounts, tableCounts, totalRows } from "./table-counts";

// PostgreSQL: PostgreSQL's own tools. pg_dump reads the whole database in one
// snapshot (consistent while the app writes); pg_restore loads it in one
// transaction, so a failed restore leaves the target as it was.

/** The connection as libpq environment variables: the password never shows in the process list. */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(u.hostname.replace(/^\[|\]$/g, "")),
    PGPORT: u.port || "5432",
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)) || "postgres",
  };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

function run(tool: "pg_dump" | "pg_restore", args: string[], url: string): void {
  const result = spawnSync(tool, args, { env: libpqEnv(url), encoding: "utf8", stdio: ["ignore", "inherit", "pipe"] });
  if (result.error && "code" in result.error && result.error.code === "ENOENT") {
    throw new OpsError(
      `${tool} was not found. Install PostgreSQL's client tools of your server's major version or newer ` +
        `(Debian/Ubuntu: apt-get install postgresql-client-<major>), or see docs/operations.md, "Backup and restore".`,
    );
  }
  if (result.status !== 0) throw new OpsError(`${tool} failed:\n${result.stderr || result.error?.message || ""}`.trim());
}

export async function pgCounts(url: string): Promise<Record<string, number>> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await tableCounts(async (sql) => (await client.query(sql)).rows as Record<string, unknown>[]);
  } finally {
    await client.end();
  }
}

export async function pgBackup(url: string, file: string): Promise<string> {
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`], url);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, file);
  return `PostgreSQL database "${new URL(url).pathname.slice(1)}" written to ${file} (pg_dump custom format).`;
}

export async function pgRestore(url: string, file: string, force: boolean): Promise<string> {
  const before = await pgCounts(url);
  if (totalRows(before) > 0 && !force) {
    throw new OpsError(`The target database is not empty (${describeCounts(before)}). Restore into an empty database, or add --force to replace its contents.`);
  }
  // --clean drops what the backup recreates (the empty tables a migrated database has).
  const dbname = decodeURIComponent(new URL(url).pathname.slice(1)) || "postgres";
  if (await hasPartitions(url)) restoreOverPartitions(url, file);
  else
    run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${dbname}`, file], url);
  return `Restored into PostgreSQL database "${new URL(url).pathname.slice(1)}": ${describeCounts(await pgCounts(url))}.`;
}

async function hasPartitions(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (
      (await client.query<{ any: boolean }>("SELECT EXISTS (SELECT 1 FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent WHERE p.relkind = 'p') AS any"))
        .rows[0]?.any === true
    );
  } finally {
    await client.end();
  }
}

/** Drops every partition first (the backup recreates them, rows included), so that --clean never meets an attached one. */
const DETACH_ALL = `DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT i.inhrelid::regclass AS child FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent WHERE p.relkind = 'p' LOOP
    EXECUTE format('DROP TABLE %s', r.child);
  END LOOP;
END $$;`;

/**
 * A target with partitioned tables (the statistics, lib/stats/partitions.ts):
 * pg_restore --clean cannot drop an attached partition's key ("cannot drop
 * inherited constraint"). Its script goes through psql in one transaction
 * that first drops every partition of the target; COMMIT is sent only once pg_restore
 * has written the whole script, so a failure on either side leaves the target
 * as it was.
 */
function restoreOverPartitions(url: string, file: string): void {
  const script = `set -o pipefail
{ printf 'BEGIN;\n%s\n' "$VITRINE_DETACH"; pg_restore --clean --if-exists --no-owner --no-privileges --file=- "$VITRINE_BACKUP" && printf 'COMMIT;\n'; } | psql -X -q -v ON_ERROR_STOP=1`;
  const result = spawnSync("bash", ["-c", script], {
    env: { ...libpqEnv(url), VITRINE_DETACH: DETACH_ALL, VITRINE_BACKUP: file },
    encoding: "utf8",
    stdio: ["ignore", "ignore", "pipe"],
  });
  if (result.status !== 0) throw new OpsError(`pg_restore failed:\n${result.stderr || result.error?.message || ""}`.trim());
}
