// Production server: Next.js behind a plain node:http listener that
//  - records the socket's address for rate limits (overwriting any header of
//    that name the client sent; X-Forwarded-For is read only with TRUST_PROXY),
//  - answers counts (committed in groups) before Next's router,
//  - answers public profiles (from memory when warm), prerendered signed-out
//    pages and the build's scripts and styles (brotli) itself,
//  - drains in-flight requests on SIGTERM/SIGINT before exiting.
// Requests are counted for /metrics, and a page that failed to render is
// replaced by the short pt-BR page, by the app itself, as under `next start`
// (lib/server/request-metrics.ts and failure-page.ts, from Node's own HTTP
// diagnostics channels).
// It meets the app only through lib/server/host.mjs (typed in host.d.mts):
// the app registers its fast paths there at start-up, and server.mjs says
// there what it adds. Configuration is read by lib/server/env.ts; PORT and
// HOSTNAME are read here only to open the socket.
//
// It also runs as a second process of itself, the background sender
// (VITRINE_PROCESS=sender, forked by the server when the app asks: on a
// shared PostgreSQL, lib/webhooks/webhook-sender.ts): the same app, no
// socket, in Linux's idle scheduling class where it can be (else at the lowest
// CPU priority), sending the webhook deliveries the server hands it when the
// server has a moment with no request, so that they never hold up its requests.
import { fork, spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import next from "next";
import { hookProvided, hostHook, markHost, setSelfOrigin } from "./lib/server/host.mjs";

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || "0.0.0.0";
if (process.env.VITRINE_PROCESS === "sender") await runSender();

// The client's address comes from the socket (without server.mjs the app
// trusts no header for it unless told: lib/server/request.ts).
let closing = false;
const inFlight = new Set();
const sender = backgroundSender();
markHost({ setsClientIp: true, sender });
const app = next({ dev: false, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((req, res) => {
  req.headers["x-vitrine-client-ip"] = req.socket.remoteAddress ?? "unknown";
  // What Next adds to every request it routes; set here too so that the fast
  // path and the route handler derive the same public origin.
  req.headers["x-forwarded-host"] ??= req.headers.host;
  req.headers["x-forwarded-proto"] ??= "http";
  if (closing) res.setHeader("connection", "close");
  inFlight.add(res);
  res.on("close", () => {
    inFlight.delete(res);
    if (!inFlight.size) sender.idle();
  });
  // A page's own domain: its paths rewritten to the page's, 404 for any other (lib/domains/host-request.ts).
  const custom = hostHook("customHost")?.(req);
  if (custom) return send(res, custom);
  // Counts (view, click) are answered before Next's router, committed in
  // groups (lib/stats/count-fast-path.ts).
  if (hostHook("countFastPath")?.(req, res)) return;
  // A public profile (lib/profile/fast-path.ts: from memory when warm, else
  // once loaded), a signed-out page already prerendered
  // (lib/server/static-pages.ts) and a build file in brotli
  // (lib/server/static-assets.ts) are answered by the app without Next's
  // router; everything else (and a fast path that settles to null) goes to Next.
  const args = [req.method ?? "GET", req.url ?? "/", req.headers];
  const fast =
    hostHook("profileFastPath")?.(...args) ?? hostHook("staticPages")?.(...args) ?? hostHook("assetPath")?.(...args);
  if (fast && typeof fast.then === "function") {
    fast.then((answer) => (answer ? send(res, answer) : handle(req, res)), () => handle(req, res));
    return;
  }
  if (fast) send(res, fast);
  else handle(req, res);
});

function send(res, answer) {
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body ?? undefined);
}

server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  // Where lib/server/static-pages.ts asks this process for a page to prerender.
  const { address, family } = server.address();
  const self = address === "0.0.0.0" || address === "::" ? "127.0.0.1" : family === "IPv6" ? `[${address}]` : address;
  setSelfOrigin(`http://${self}:${port}`);
  console.log(JSON.stringify({ level: "info", event: "server.listening", url: `http://localhost:${port}` }));
});

function shutdown(signal) {
  if (closing) return;
  closing = true;
  console.log(JSON.stringify({ level: "info", event: "server.draining", signal }));
  sender.idle();
  // No new connections; the process ends once every connection is closed.
  server.close(() => process.exit(0));
  // Keep-alive connections would otherwise hold the process until their
  // timeout (65 s): responses still to come close their connection, and
  // connections with no request in progress are closed as soon as they are.
  for (const res of inFlight) if (!res.headersSent) res.setHeader("connection", "close");
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
  setTimeout(() => process.exit(1), 15_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));

function logLine(level, event, data) {
  console.log(JSON.stringify({ level, event, time: new Date().toISOString(), ...data }));
}

/** A delivery's first try waits at most this long for a moment with no request in flight… */
const HELD_MS = 20_000;
/** …and while fewer deliveries than this wait with it. */
const HELD_MAX = 20_000;
/** Ids passed to the sender in one message at most. */
const PASSED_AT_ONCE = 500;

/**
 * Linux's idle scheduling class (SCHED_IDLE, through util-linux's chrt):
 * a process in it runs only on a core no other process wants, and a core
 * running only it counts as idle to the scheduler, so a request's work takes
 * it at once. Null where it is not to be had (not Linux, no chrt).
 */
function idleClass() {
  const probe = spawnSync("chrt", ["--idle", "0", "true"], { stdio: "ignore" });
  return probe.status === 0 ? { execPath: "chrt", execArgv: ["--idle", "0", process.execPath, ...process.execArgv] } : null;
}

/**
 * The server's side of the background sender: forked when the app first asks
 * (start), in the idle scheduling class where it can be, forked again after
 * it dies (a second, longer while it keeps dying before it is ready), told to
 * finish when the server drains (its IPC channel closes with this process).
 * The ids handed over are passed to it when the server has no request in
 * flight (idle), or once the first of them has waited HELD_MS or HELD_MAX of
 * them wait: the deliveries' own work (a request to each endpoint, its
 * signature, the outcomes written back) takes no core, and no database time,
 * from requests still being served. They are only a hint: the deliveries are
 * rows, and any the sender never sends are sent by the jobs.
 */
function backgroundSender() {
  /** Claim → ids handed over and not passed on yet. */
  const held = new Map();
  let heldCount = 0;
  let heldTimer = null;
  let passing = false;
  const pass = () => {
    passing = false;
    clearTimeout(heldTimer);
    heldTimer = null;
    // With no sender ready, they wait for the next one (its readiness passes them).
    if (!heldCount || !usable()) return;
    for (const [claim, ids] of held) {
      for (let i = 0; i < ids.length; i += PASSED_AT_ONCE) {
        child.send({ ids: ids.slice(i, i + PASSED_AT_ONCE), claim }, (error) => error && logLine("warn", "sender.handoff_failed", { error: error.message }));
      }
    }
    held.clear();
    heldCount = 0;
  };
  /** Passes what is held in this turn's end (the hand-offs of one turn go together). */
  const passSoon = () => {
    if (passing || !heldCount) return;
    passing = true;
    setImmediate(pass);
  };
  let idleSpawn;
  let child = null;
  let ready = false;
  let wanted = false;
  const usable = () => child !== null && ready && child.connected;
  // A second after it dies, doubling while it dies before it is ready (at most a minute).
  let delay = 1_000;
  const start = () => {
    wanted = true;
    if (child || closing) return;
    idleSpawn ??= idleClass() ?? false;
    const proc = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, VITRINE_PROCESS: "sender" }, stdio: "inherit", ...(idleSpawn || {}) });
    child = proc;
    ready = false;
    proc.on("message", (m) => {
      if (!m?.ready || child !== proc) return;
      ready = true;
      delay = 1_000;
      logLine("info", "sender.ready", { pid: proc.pid, idleClass: Boolean(idleSpawn) });
      passSoon();
    });
    proc.on("error", (error) => logLine("warn", "sender.error", { error: error.message }));
    proc.on("exit", (code, signal) => {
      if (child === proc) child = null;
      ready = false;
      if (closing || !wanted) return;
      logLine("warn", "sender.exited", { code, signal, restartInMs: delay });
      setTimeout(start, delay).unref();
      delay = Math.min(60_000, delay * 2);
    });
  };
  return {
    start,
    send(ids, claim) {
      if (!usable()) return false;
      const ofClaim = held.get(claim);
      if (ofClaim) ofClaim.push(...ids);
      else held.set(claim, [...ids]);
      heldCount += ids.length;
      if (!inFlight.size || closing || heldCount >= HELD_MAX) passSoon();
      else heldTimer ??= setTimeout(pass, HELD_MS).unref();
      return true;
    },
    /** The server has no request in flight (or is draining): what is held goes now. */
    idle: passSoon,
  };
}

/**
 * The background sender's own side: the app started for its jobs only (no
 * socket; lib/startup/start-server.ts registers the sender's hook when it sees
 * senderProcess), below the server's CPU priority. It ends once the deliveries
 * it took are sent, when the server goes (its IPC channel closes) or asks.
 */
async function runSender() {
  try {
    setPriority(19);
  } catch {
    // Not allowed to lower it here: it still runs apart from the server's requests.
  }
  markHost({ setsClientIp: false, senderProcess: true });
  await next({ dev: false, hostname, port }).prepare();
  // Registered by the app's start-up (instrumentation.ts), which may settle after prepare() does.
  const sender = await hookProvided("webhookSender");
  process.on("message", (m) => Array.isArray(m?.ids) && sender.take(m.ids, typeof m.claim === "string" ? m.claim : undefined));
  let ending = false;
  const end = () => {
    if (ending) return;
    ending = true;
    setTimeout(() => process.exit(0), 15_000).unref();
    sender.settled().then(() => process.exit(0));
  };
  process.on("disconnect", end);
  process.on("SIGTERM", end);
  process.on("SIGINT", end);
  process.send({ ready: true });
  // Nothing below runs in this process.
  await new Promise(() => {});
}
