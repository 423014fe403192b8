// Small helpers for the benchmark: a server process, HTTP calls, autocannon runs.
import { spawn } from "node:child_process";
import { once } from "node:events";
import autocannon from "autocannon";

export const PHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0.0.12.93";

/** The Chromium the benches' Lighthouse and browser runs drive (CHROME_PATH names another), and its flags. */
export const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROME_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** A headless Chromium for Lighthouse (chrome-launcher, loaded by the caller only when it runs Lighthouse). */
export function launchChrome(chromeLauncher, options = {}) {
  return chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ["--headless=new", ...CHROME_FLAGS], ...options });
}

/**
 * The production server: `npm start` (server.mjs), or with `serverless` what a
 * serverless host runs, `next start` with SERVERLESS=1.
 */
export async function startApp({ port, env, serverless = false }) {
  // BENCH_NODE_ARGS: extra flags for the server's node (e.g. --cpu-prof), space-separated.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const entry = serverless ? ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"] : ["server.mjs"];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", PORT: String(port), ...(serverless ? { SERVERLESS: "1" } : {}), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return { base, child, log: () => log, stop: () => stop(child) };
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not start:\n${log}`);
}

async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await Promise.race([once(child, "exit"), new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

export function memoryOf(pid) {
  return import("node:fs").then((fs) => {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  });
}

/**
 * autocannon, resolved; `opts` as autocannon takes them. The result also
 * carries `busySeconds`: from the start to the last response (autocannon
 * ends a run of `amount` requests only at its next one-second tick, so its
 * own duration, and the wall clock around it, round a short run up).
 */
export function cannon(opts) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let last = started;
    const instance = autocannon({ timeout: 10, ...opts }, (error, result) =>
      error ? reject(error) : resolve({ ...result, busySeconds: (last - started) / 1000 }),
    );
    instance.on("response", () => (last = performance.now()));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

export function summary(result) {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function api(base, path, { method = "GET", body, cookie, headers = {} } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json", "user-agent": PHONE_UA, ...(cookie ? { cookie } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === "string" || body instanceof FormData ? body : JSON.stringify(body),
  });
  return res;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const ratio = (a, b) => (b ? (a / b).toFixed(2) : "n/a");

/**
 * A fresh database on BENCH_DATABASE_URL's PostgreSQL (local only), the
 * production server on it (BENCH_PORT) and one signed-up owner, "bench".
 * `stop()` stops the server and drops the database.
 */
export const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-00";

export async function benchServer({ name = "vitrine_bench", env = {}, serverless = false } = {}) {
  const pg = (await import("pg")).default;
  const { mkdtempSync } = await import("node:fs");
  const os = await import("node:os");
  const path = await import("node:path");
  const server = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  if (!["127.0.0.1", "localhost", "::1"].includes(new URL(server).hostname)) throw new Error("bench refuses a non-local database");
  const dbName = `${name}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = new URL(server);
  dbUrl.pathname = `/${dbName}`;
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
    await admin.end();
  };
  let app;
  try {
    // A serverless start applies no migration (the deploy's build does).
    if (serverless) await migrate(dbUrl.toString());
    app = await startApp({
      port: Number(process.env.BENCH_PORT ?? 3400),
      serverless,
      env: {
        DATABASE_URL: dbUrl.toString(),
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-")),
        AUTH_SECRET: BENCH_SECRET,
        ...env,
      },
    });
    const reg = await api(app.base, "/api/register", {
      method: "POST",
      body: { name: "Bia Bench", username: "bench", phone: "(11) 98765-4321", email: "bench@example.com", password: "segredo123" },
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const cookie = reg.headers.get("set-cookie").split(";")[0];
    return {
      app,
      base: app.base,
      cookie,
      admin,
      dbName,
      dbUrl: dbUrl.toString(),
      /** One statement on the bench's database, on a connection of its own: its rows. */
      query: async (text, params = []) => {
        const client = new pg.Client({ connectionString: dbUrl.toString() });
        await client.connect();
        try {
          return (await client.query(text, params)).rows;
        } finally {
          await client.end();
        }
      },
      stop: async () => {
        await app.stop();
        await drop();
      },
    };
  } catch (error) {
    await app?.stop();
    await drop();
    throw error;
  }
}

/** `npm run db:migrate` on `databaseUrl`. */
async function migrate(databaseUrl) {
  const child = spawn("npm", ["run", "--silent", "db:migrate"], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ["ignore", "ignore", "inherit"] });
  const [code] = await once(child, "exit");
  if (code !== 0) throw new Error(`npm run db:migrate exited with ${code}`);
}
