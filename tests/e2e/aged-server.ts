import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, test } from "@playwright/test";
import { parseMail, type ReceivedMail } from "../helpers/mail";
import { E2E_CRON_SECRET, runtime } from "./runtime";

// A page old enough to write to its list (api.md: 7 days) cannot be made
// through the app, and the run's servers hold their embedded databases in
// their own process (a PGlite directory opened twice is corrupted), so a
// journey that needs one starts a server of its own, in the leg's runtime and
// with the leg's settings, on a database of its own (under the run's
// E2E_DATA_DIR): everything is done through that server, but for one thing
// done while it is stopped, the page's creation date moved 8 days back (time
// passing, which no request can do). Its port: the leg's + 2 (npm start) or
// + 2 from next start's (E2E_PORT + 3), inside the run's own block.

const SECRET = "e2e-secret-e2e-secret-e2e-secret-0123456789";

export interface AgedServer {
  baseURL: string;
  dataDir: string;
  /** Stops the server (and waits for it), ages `username`'s page by `days` in its database, starts it again. */
  agePage(username: string, days: number): Promise<void>;
  /** Every message the server has written to its outbox (no SMTP_URL: .eml files). */
  messages(): ReceivedMail[];
  /** Under next start there is no timer: the jobs run when the scheduler calls (GET /api/cron/jobs). */
  runJobs(): Promise<void>;
  stop(): Promise<void>;
}

export async function startAgedServer(): Promise<AgedServer> {
  const leg = runtime();
  const legPort = Number(new URL(String(test.info().project.use.baseURL)).port);
  const port = legPort + 2;
  const baseURL = `http://localhost:${port}`;
  const dataDir = path.join(process.env.E2E_DATA_DIR ?? path.dirname(leg.dataDir), `${leg.runtime}-aged`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    NODE_ENV: "production" as const,
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: SECRET,
    ADMIN_EMAILS: "admin@vitrine.test",
    CRON_SECRET: E2E_CRON_SECRET,
    ALLOW_PRIVATE_OUTBOUND: "1",
    ...(leg.serverless ? { SERVERLESS: "1", TRUST_PROXY: "", NEXT_PUBLIC_APP_URL: "" } : { SERVERLESS: "", TRUST_PROXY: "true", NEXT_PUBLIC_APP_URL: baseURL }),
  };
  const command = leg.serverless ? `npm run --silent db:migrate && exec node node_modules/next/dist/bin/next start -p ${port}` : "exec node server.mjs";

  let child: ChildProcess | null = null;
  let stderr = "";
  const start = async () => {
    stderr = "";
    const started = spawn("sh", ["-c", command], { env, detached: true, stdio: ["ignore", "ignore", "pipe"] });
    child = started;
    started.stderr.on("data", (d: Buffer) => void (stderr = (stderr + d.toString()).slice(-4000)));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`the journey's server ended (${started.exitCode}): ${stderr}`);
      const up = await fetch(`${baseURL}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      if (Date.now() > deadline) throw new Error(`the journey's server did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once("exit", r));
    process.kill(-running.pid!, "SIGTERM");
    const killed = setTimeout(() => {
      try {
        process.kill(-running.pid!, "SIGKILL");
      } catch {
        // Already gone.
      }
    }, 15_000);
    await exited;
    clearTimeout(killed);
  };

  await start();
  return {
    baseURL,
    dataDir,
    async agePage(username, days) {
      await stop();
      // The lock file of a server that has ended is its own to remove; one left by a killed one is taken over by the next.
      const pg = new PGlite(path.join(dataDir, "pgdata"), { extensions: { pg_trgm } });
      try {
        const moved = await pg.query(`UPDATE "Page" SET "createdAt" = "createdAt" - make_interval(days => $2) WHERE "username" = $1`, [username, days]);
        expect(moved.affectedRows).toBe(1);
      } finally {
        await pg.close();
      }
      await start();
    },
    messages() {
      const dir = path.join(dataDir, "outbox");
      if (!existsSync(dir)) return [];
      return readdirSync(dir)
        .filter((f) => f.endsWith(".eml"))
        .sort()
        .map((f) => parseMail(readFileSync(path.join(dir, f), "utf8")));
    },
    async runJobs() {
      if (!leg.serverless) return;
      const res = await fetch(`${baseURL}/api/cron/jobs`, { headers: { authorization: `Bearer ${E2E_CRON_SECRET}` } });
      expect(res.status).toBe(200);
    },
    async stop() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
