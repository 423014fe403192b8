// Helpers of the fault tests (npm run test:faults): app processes, databases
// and HTTP calls. Everything a test starts is registered here and killed when
// the test process ends, whatever happened; nothing is killed by name.
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { scratchDir } from "../setup/scratch.mjs";

// These tests run the production build; they never build it themselves.
if (!existsSync(".next/BUILD_ID")) {
  throw new Error("npm run test:faults needs a production build: run `npm run build` (or `npm test`) first.");
}

/** First of the ports these tests use (apps: +0..+8, private PostgreSQL: +9). */
export const PORT_BASE = Number(process.env.FAULTS_PORT ?? 3500);
export const SECRET = "faults-secret-faults-secret-faults-secret-0";
export const PASSWORD = "segredo123";
export const UNAVAILABLE = "Serviço temporariamente indisponível. Tente novamente em instantes.";

const cleanups = [];
/** Runs `fn` when the test process exits (synchronous work only). */
export function atExit(fn) {
  cleanups.push(fn);
}
function runCleanups() {
  while (cleanups.length) {
    try {
      cleanups.pop()();
    } catch {
      // best effort
    }
  }
}
process.on("exit", runCleanups);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    runCleanups();
    process.exit(130);
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `promise`, or a failure naming `what` after `ms`: a test never waits forever. */
export function within(ms, what, promise) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/** Waits until `ok()` (sync or async) is true, looking every `every` ms; a failure naming `what` after `ms`. */
export async function waitUntil(what, ok, ms, every = 100) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await ok()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(every);
  }
}

export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(scratchDir(), prefix));
  atExit(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ---------------------------------------------------------------- app processes

/**
 * Starts `node server.mjs` (the production build in .next must exist), or
 * another entry point of the same build (`entry`, node's arguments), and
 * waits until /api/health answers 200. `exited` resolves with {code, signal}.
 */
export async function startApp({ port, env, ready = true, entry = ["server.mjs"] }) {
  const child = spawn(process.execPath, entry, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_OPTIONS: "",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  atExit(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const exited = once(child, "exit").then(([code, signal]) => ({ code, signal }));
  const app = {
    base: `http://127.0.0.1:${port}`,
    port,
    child,
    exited,
    log: () => log,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (!app.alive()) return exited;
      // A process a test froze (SIGSTOP) must run to handle SIGTERM.
      child.kill("SIGCONT");
      child.kill("SIGTERM");
      const result = await Promise.race([exited, sleep(15_000).then(() => null)]);
      if (result) return result;
      child.kill("SIGKILL");
      return exited;
    },
    async kill9() {
      child.kill("SIGKILL");
      return exited;
    },
  };
  if (ready) await waitHealthy(app, 90_000);
  return app;
}

/** The background senders (sender.mjs) an `npm start` app has started so far, by pid, from its log. */
export const senderPids = (app) => [...app.log().matchAll(/"event":"sender\.ready"[^\n]*"pid":(\d+)/g)].map((m) => Number(m[1]));

export async function waitHealthy(app, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!app.alive()) throw new Error(`server exited:\n${app.log()}`);
    const res = await call(app.base, "/api/health", { timeout: 3_000 }).catch(() => null);
    if (res?.status === 200) return;
    await sleep(200);
  }
  throw new Error(`server did not become healthy:\n${app.log().slice(-4000)}`);
}

// ---------------------------------------------------------------- HTTP

/**
 * fetch with a deadline (a hang is a failure, never a wait). Answers
 * {status, headers, text, json, ms}; a network error or the deadline throws.
 */
export async function call(base, pathname, { method = "GET", body, cookie, ip, headers = {}, timeout = 10_000 } = {}) {
  const started = Date.now();
  const isForm = body instanceof FormData;
  const res = await fetch(`${base}${pathname}`, {
    method,
    redirect: "manual",
    signal: AbortSignal.timeout(timeout),
    headers: {
      ...(body !== undefined && !isForm ? { "content-type": "application/json" } : {}),
      ...(cookie ? { cookie } : {}),
      ...(ip ? { "x-forwarded-for": ip } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json, ms: Date.now() - started };
}

export const cookieOf = (res) => res.headers.get("set-cookie")?.split(";")[0];

let ipCounter = 0;
/** A distinct client address per call (the servers run with TRUST_PROXY=true). */
export const freshIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

export async function register(base, username, ip = freshIp()) {
  const res = await call(base, "/api/register", {
    method: "POST",
    ip,
    body: { name: `Pessoa ${username}`, username, phone: "(11) 98765-4321", email: `${username}@example.com`, password: PASSWORD },
  });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${res.text}`);
  return { cookie: cookieOf(res), user: res.json.user };
}

export async function login(base, email, { password = PASSWORD, ip = freshIp(), timeout } = {}) {
  return call(base, "/api/login", { method: "POST", ip, timeout, body: { username: email, password } });
}

export async function createLinks(base, cookie, count, prefix = "Link") {
  const links = [];
  for (let i = 0; i < count; i++) {
    const res = await call(base, "/api/links", {
      method: "POST",
      cookie,
      body: { title: `${prefix} ${i}`, url: `https://example.com/${prefix.toLowerCase()}/${i}` },
    });
    if (res.status !== 201) throw new Error(`create link: ${res.status} ${res.text}`);
    links.push(res.json);
  }
  return links;
}

/** A PNG of random pixels: it does not compress, so decoding it takes a while. */
export async function noisePng(side) {
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (Math.random() * 256) | 0;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

export function avatarForm(png) {
  const form = new FormData();
  form.append("avatar", new Blob([png], { type: "image/png" }), "foto.png");
  return form;
}

/** A page or a JSON body must never show a stack trace or an internal error. */
export function looksLikeStack(text) {
  return /\n\s+at .+\(.*:\d+:\d+\)|node_modules|PrismaClient|ECONNREFUSED|Internal Server Error/.test(text);
}

// ---------------------------------------------------------------- PostgreSQL

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/** A fresh database on this machine's PostgreSQL, dropped at the end. Any other host is refused. */
export async function freshDatabase() {
  const base = process.env.FAULTS_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  if (!LOCAL_HOSTS.has(new URL(base).hostname)) throw new Error(`the fault tests refuse a database that is not on this machine: ${base}`);
  const name = `vitrine_faults_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  };
  return { url: url.toString(), drop };
}

/** Runs one query on `url` with a short-lived client. */
export async function query(url, sql, params = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

function pgBin() {
  const root = "/usr/lib/postgresql";
  const versions = execFileSync("ls", [root])
    .toString()
    .split("\n")
    .filter(Boolean)
    .sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error("no PostgreSQL server binaries under /usr/lib/postgresql");
  return path.join(root, versions[0], "bin");
}

/**
 * A PostgreSQL cluster of our own (never the machine's shared one), on
 * 127.0.0.1:`port`, in a temporary folder removed at the end. As root the
 * server runs as the `postgres` user (initdb refuses root).
 */
export function privatePostgres(port) {
  const bin = pgBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), "vitrine-pg-"));
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  const run = (tool, args) => {
    const command = [path.join(bin, tool), ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
    return asRoot ? execFileSync("su", ["postgres", "-c", command], { stdio: "pipe" }) : execFileSync("sh", ["-c", command], { stdio: "pipe" });
  };
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const cluster = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start: () => run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "30", "start"]),
    /** Immediate mode: every backend is killed at once, as in a crash. */
    stop: () => run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]),
    running() {
      try {
        run("pg_ctl", ["-D", data, "status"]);
        return true;
      } catch {
        return false;
      }
    },
    destroy() {
      if (cluster.running()) cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  atExit(() => cluster.destroy());
  cluster.start();
  return cluster;
}
