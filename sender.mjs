// The background sender of npm start on PostgreSQL: a second process of the
// app, forked by server.mjs when the app asks (lib/startup/start-server.ts),
// in Linux's idle scheduling class where it can be (else at the lowest CPU
// priority), that sends the outbox's rows (e-mail, webhook deliveries) so
// that their work never takes a core from the server's requests. It reads
// its own rows (lib/outbox/outbox-sender.ts: LISTEN, else a poll): the server
// hands it nothing. This file has both sides: the server's (fork it, fork it
// again when it dies) and the process's own (boot the app without a socket,
// run the sender, end when the server does).
import { fork, spawnSync } from "node:child_process";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import next from "next";
import { hookProvided, markHost } from "./lib/server/host.mjs";

const SENDER = "sender";

if (process.env.VITRINE_PROCESS === SENDER) await runSender();

function logLine(level, event, data) {
  console.log(JSON.stringify({ level, event, time: new Date().toISOString(), ...data }));
}

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
 * The server's side: `start` forks the sender (once), forks it again a second
 * after it dies (doubling while it dies before it is ready, at most a
 * minute), and never once `closing()` says the server is draining. The
 * sender ends when its IPC channel closes, i.e. with the server.
 * @param {{ closing: () => boolean }} server
 * @returns {import("./lib/server/host.mjs").BackgroundSender}
 */
export function backgroundSender(server) {
  let spawnWith;
  let child = null;
  let delay = 1_000;
  const start = () => {
    if (child || server.closing()) return;
    spawnWith ??= idleClass() ?? false;
    const proc = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, VITRINE_PROCESS: SENDER }, stdio: "inherit", ...(spawnWith || {}) });
    child = proc;
    proc.on("message", (m) => {
      if (!m?.ready || child !== proc) return;
      delay = 1_000;
      logLine("info", "sender.ready", { pid: proc.pid, idleClass: Boolean(spawnWith) });
    });
    proc.on("error", (error) => logLine("warn", "sender.error", { error: error.message }));
    proc.on("exit", (code, signal) => {
      if (child === proc) child = null;
      if (server.closing()) return;
      logLine("warn", "sender.exited", { code, signal, restartInMs: delay });
      setTimeout(start, delay).unref();
      delay = Math.min(60_000, delay * 2);
    });
  };
  return { start };
}

/**
 * The sender process's own side: the app started for the outbox only (no
 * socket; lib/startup/start-server.ts starts the sender when it sees
 * senderProcess), below the server's CPU priority. When the server goes (the
 * IPC channel closes) or asks, it stops claiming, finishes the sends under
 * way (15 s at most) and exits.
 */
async function runSender() {
  try {
    setPriority(19);
  } catch {
    // Not allowed to lower it here: it still runs apart from the server's requests.
  }
  // The server may go while this process is still starting (prepare() takes seconds): its channel's
  // close is heard from the first line, and until the sender runs there is nothing to finish. (Heard
  // only after start-up, a server killed early left this process running, and sending, for good.)
  let end = () => process.exit(0);
  process.on("disconnect", () => end());
  process.on("SIGTERM", () => end());
  process.on("SIGINT", () => end());
  if (!process.connected) end();
  markHost({ setsClientIp: false, senderProcess: true });
  const port = Number(process.env.PORT || 3000);
  await next({ dev: false, hostname: process.env.HOSTNAME || "0.0.0.0", port }).prepare();
  // Registered by the app's start-up (instrumentation.ts), which may settle after prepare() does.
  const sender = await hookProvided("outboxSender");
  let ending = false;
  end = () => {
    if (ending) return;
    ending = true;
    setTimeout(() => process.exit(0), 15_000).unref();
    sender.stop().then(() => process.exit(0));
  };
  if (!process.connected) return end();
  process.send({ ready: true });
  // Nothing below runs in this process.
  await new Promise(() => {});
}
