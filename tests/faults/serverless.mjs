// What the serverless fault tests need beside lib.mjs: the app under
// `next start` (no server.mjs), a proxy that freezes it between requests as a
// serverless host does, PgBouncer in transaction mode, and an SMTP server.
import { execFileSync, spawn } from "node:child_process";
import { chownSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { atExit, sleep, startApp } from "./lib.mjs";

/**
 * `next start` with SERVERLESS=1, as Vercel runs the app: no custom server,
 * so no timer, socket address or fast path of server.mjs.
 */
export function startServerless({ port, env }) {
  return startApp({
    port,
    env: { SERVERLESS: "1", ...env },
    entry: ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
  });
}

/**
 * An HTTP proxy on `port` in front of `app` that behaves like a serverless
 * host: the process runs while a request is in flight and for `graceMs` after
 * the last response (the time after() work gets), then it is frozen with
 * SIGSTOP until the next request arrives. Work left for later (a timer, a
 * queue drained "soon") does not happen while nothing is asked.
 *
 * With `cdn`, it is also Vercel's CDN (its documented behaviour, nothing
 * more): an answer with `Vercel-CDN-Cache-Control: max-age=N` is kept N
 * seconds under the tags of its `Vercel-Cache-Tag` (both headers stripped
 * before the client sees them) and answered from there, `X-Vercel-Cache: HIT`,
 * without waking the function; `POST /.fake-vercel/purge` (where the app's
 * request context, tests/faults/vercel-request-context.cjs, sends a purge)
 * deletes what a tag names.
 */
export async function freezingProxy({ port, app, graceMs, cdn = false }) {
  let active = 0;
  let timer = null;
  let frozen = false;
  const stats = { freezes: 0, thaws: 0 };
  const freeze = () => {
    if (active || frozen || !app.alive()) return;
    app.child.kill("SIGSTOP");
    frozen = true;
    stats.freezes += 1;
  };
  const thaw = () => {
    clearTimeout(timer);
    timer = null;
    if (!frozen) return;
    app.child.kill("SIGCONT");
    frozen = false;
    stats.thaws += 1;
  };
  const edge = cdn ? fakeCdn() : null;
  const server = http.createServer((req, res) => {
    if (edge?.answers(req, res)) return;
    active += 1;
    thaw();
    const done = () => {
      active -= 1;
      if (!active) timer = setTimeout(freeze, graceMs);
    };
    res.once("close", done);
    const upstream = http.request({ host: "127.0.0.1", port: app.port, method: req.method, path: req.url, headers: req.headers, agent: false }, (answer) => {
      if (edge) return edge.pass(req, answer, res);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  // Idle client connections stay open for the whole test (close() ends them):
  // one closed by the proxy just as the test sends on it again fails the
  // request with "other side closed", which no serverless host does.
  server.keepAliveTimeout = 120_000;
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  atExit(() => server.close());
  // Frozen from the start, until the first request.
  timer = setTimeout(freeze, graceMs);
  return {
    base: `http://127.0.0.1:${port}`,
    stats,
    purges: edge?.purges ?? [],
    isFrozen: () => frozen,
    async close() {
      clearTimeout(timer);
      thaw();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The CDN part of freezingProxy: kept answers by URL, their tags, and the purges received. */
function fakeCdn() {
  const kept = new Map();
  const purges = [];
  const key = (req) => `${req.headers.host}${req.url}`;
  const send = (res, { status, headers, body }, cache, method) => {
    res.writeHead(status, { ...headers, "x-vercel-cache": cache });
    res.end(method === "HEAD" ? undefined : body);
  };
  return {
    purges,
    /** Answers a purge, or a GET or HEAD it keeps; false when the function must answer. */
    answers(req, res) {
      if (req.method === "POST" && req.url === "/.fake-vercel/purge") {
        let text = "";
        req.on("data", (d) => (text += d));
        req.on("end", () => {
          const { kind, tags } = JSON.parse(text);
          purges.push({ kind, tags, at: Date.now() });
          for (const [url, entry] of kept) if (tags.some((tag) => entry.tags.includes(tag))) kept.delete(url);
          res.writeHead(200).end();
        });
        return true;
      }
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      const entry = kept.get(key(req));
      if (!entry || entry.until <= Date.now()) return false;
      send(res, entry, "HIT", req.method);
      return true;
    },
    /** Relays the function's answer, keeping it when its headers allow. */
    pass(req, answer, res) {
      const chunks = [];
      answer.on("data", (d) => chunks.push(d));
      answer.on("end", () => {
        const { "vercel-cdn-cache-control": rule, "vercel-cache-tag": tags, ...headers } = answer.headers;
        const seconds = Number(/^max-age=(\d+)$/.exec(rule ?? "")?.[1] ?? 0);
        const entry = { status: answer.statusCode ?? 502, headers, body: Buffer.concat(chunks) };
        if (req.method === "GET" && entry.status === 200 && seconds > 0) {
          kept.set(key(req), { ...entry, tags: (tags ?? "").split(",").filter(Boolean), until: Date.now() + seconds * 1000 });
        }
        send(res, entry, "MISS", req.method);
      });
    },
  };
}

/**
 * PgBouncer (Debian's package) in transaction mode on 127.0.0.1:`port`, in
 * front of `targetUrl`'s server, as Neon's and Supabase's pooled addresses:
 * no session state survives a transaction, no named prepared statement, and
 * an unknown startup parameter is refused. Answers the pooled URL.
 */
export async function startPgBouncer({ port, targetUrl }) {
  const target = new URL(targetUrl);
  const dir = mkdtempSync(path.join(os.tmpdir(), "vitrine-pgbouncer-"));
  const ini = path.join(dir, "pgbouncer.ini");
  writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=${target.hostname} port=${target.port || 5432} user=${target.username || "postgres"}`,
      "[pgbouncer]",
      `listen_addr = 127.0.0.1`,
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      "auth_type = any",
      "pool_mode = transaction",
      "max_client_conn = 200",
      "default_pool_size = 10",
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      `pidfile = ${path.join(dir, "pgbouncer.pid")}`,
      "",
    ].join("\n"),
  );
  // PgBouncer refuses to run as root.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), 0);
  const child = asRoot
    ? spawn("su", ["postgres", "-s", "/bin/sh", "-c", `exec pgbouncer ${ini}`], { stdio: "ignore" })
    : spawn("pgbouncer", [ini], { stdio: "ignore" });
  const stop = () => {
    try {
      const pid = Number(
        execFileSync("cat", [path.join(dir, "pgbouncer.pid")])
          .toString()
          .trim(),
      );
      if (pid) process.kill(pid, "SIGINT");
    } catch {
      // not running
    }
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  atExit(stop);
  const pooled = new URL(targetUrl);
  pooled.hostname = "127.0.0.1";
  pooled.port = String(port);
  const { default: pg } = await import("pg");
  for (let i = 0; i < 50; i++) {
    const client = new pg.Client({ connectionString: pooled.toString(), connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query("SELECT 1");
      await client.end();
      return { url: pooled.toString(), stop, log: () => execFileSync("cat", [path.join(dir, "pgbouncer.log")]).toString() };
    } catch {
      await client.end().catch(() => {});
      await sleep(100);
    }
  }
  throw new Error("PgBouncer did not start (is the Debian package `pgbouncer` installed?)");
}

/** Applies migrations to `url` as the serverless build does (`npm run db:migrate`). */
export function migrate(url) {
  execFileSync("npm", ["run", "--silent", "db:migrate"], {
    env: { ...process.env, DATABASE_URL: url, DATABASE_URL_UNPOOLED: url, NODE_OPTIONS: "" },
    stdio: "pipe",
  });
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives (decoded text,
 * its Message-ID, and `at`, when it accepted it). `state.hold(to)` may keep a
 * message that many milliseconds before accepting it (a slow server), or
 * until a promise it answers settles (a server that holds everything on the
 * way); `state.inFlight` counts the messages it holds. A message whose
 * client went away before it was answered was never accepted (the client
 * never heard its 250): it is not kept, only counted in `state.dropped`.
 */
export async function startSmtp() {
  const received = [];
  const state = { failing: false, hold: null, inFlight: 0, dropped: 0 };
  const closed = new Set();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks = [];
      const to = session.envelope.rcptTo.map((r) => r.address);
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        state.inFlight += 1;
        const answer = () => {
          state.inFlight -= 1;
          if (closed.has(session.id)) {
            state.dropped += 1;
            return callback(new Error("gone"));
          }
          if (state.failing) return callback(Object.assign(new Error("Tente mais tarde"), { responseCode: 451 }));
          const raw = Buffer.concat(chunks).toString("utf8");
          const messageId = /^Message-ID:\s*(\S+)/im.exec(raw.slice(0, raw.search(/\r?\n\r?\n/)))?.[1] ?? null;
          received.push({ to, raw, text: decodeQuotedPrintable(raw), messageId, at: Date.now() });
          callback();
        };
        const hold = state.hold?.(to) ?? 0;
        if (typeof hold === "number") setTimeout(answer, hold);
        else hold.then(answer, answer);
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  atExit(() => server.close());
  const port = server.server.address().port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    /** The messages to `to`, waited for up to `ms` without sending any request. */
    async waitFor(to, count, ms) {
      const deadline = Date.now() + ms;
      for (;;) {
        const mine = received.filter((m) => m.to.includes(to));
        if (mine.length >= count) return mine;
        if (Date.now() > deadline) return mine;
        await sleep(50);
      }
    },
  };
}

function decodeQuotedPrintable(raw) {
  const joined = raw.replace(/=\r?\n/g, "");
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/** The token of the first `/path?token=…` link of a message. */
export function tokenIn(message, pathname) {
  const match = new RegExp(`${pathname.replace(/\//g, "\\/")}\\?token=([^\\s"<>&]+)`).exec(message.text);
  if (!match) throw new Error(`no ${pathname} link in:\n${message.text.slice(0, 2000)}`);
  return decodeURIComponent(match[1]);
}
