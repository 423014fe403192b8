// npm run bench:api (after npm run build): the public API and webhooks (issue #48), on a
// fresh PostgreSQL database under npm start.
//  1. GET /api/links with an API key ÷ the same call with a session (same run; ≥ 0.9 wanted).
//     A key's account allows 120 calls a minute: the keyed run rotates over enough accounts' keys
//     (editors of the page, seeded in the database).
//  2. Link edits (PATCH, each one link.updated event) with the page's 10 webhook endpoints (a
//     receiver on 127.0.0.1) on and off in turns, BENCH_ROUNDS rounds (default 5) of each: every
//     event reaches every endpoint (no loss); the edits at full speed (BENCH_EVENTS, default
//     1,000) with ÷ without, and at a fixed rate (30 % of the full speed without; BENCH_EVENTS / 2
//     edits, from 10 connections, then from one) each edit's latency with ÷ without, its mean and
//     its p50 and p99 (≥ 0.95 wanted: the requests no slower); the CPU time of each process per
//     edit. Medians over the rounds.
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { setPriority } from "node:os";
import { api, benchServer, cannon, median, ratio, summary } from "./lib.mjs";

const READS = Number(process.env.BENCH_READS ?? 3000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ENDPOINTS = 10;
const CONNECTIONS = 10;

// The receiver is a process of its own: in this one, its 10 requests per edit would hold up
// autocannon's event loop and add their time to the edits' measured latency.
const RECEIVER = `
  const http = require("node:http");
  const received = new Map();
  let deliveries = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      deliveries += 1;
      if (!received.has(req.url)) received.set(req.url, new Set());
      received.get(req.url).add(req.headers["webhook-id"]);
      res.writeHead(204).end();
    });
  });
  server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
  process.on("message", () => process.send({ deliveries, distinct: [...received.values()].reduce((a, s) => a + s.size, 0), endpoints: received.size }));
`;
/**
 * `count` editors of the bench page, each with one links:read key, written straight into the
 * database: an account's keys share its 120 calls a minute and it may hold 10 (api.md), so the
 * keyed reads rotate over accounts, each kept under its limit (110 calls of the 2 × READS).
 */
async function seedKeys(dbUrl, count) {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const keys = Array.from({ length: count }, (_, i) => ({ i, key: `vt_${randomBytes(32).toString("base64url")}` }));
    await client.query(
      `WITH page AS (SELECT "id" FROM "Page" WHERE "username" = 'bench'),
       editors AS (
         INSERT INTO "User" ("id", "name", "email", "emailVerified", "updatedAt")
         SELECT 'bench-key-' || k.i, 'Chave ' || k.i, 'chave' || k.i || '@example.com', now(), now() FROM unnest($1::int[]) AS k(i)
         RETURNING "id"),
       members AS (INSERT INTO "PageMember" ("pageId", "userId", "role") SELECT page."id", editors."id", 'editor' FROM page, editors)
       INSERT INTO "ApiKey" ("id", "userId", "name", "prefix", "keyHash", "scopes", "allPages", "pageIds")
       SELECT 'bench-key-' || k.i, 'bench-key-' || k.i, 'bench', left(k.key, 11), k.hash, ARRAY['links:read'], true, '{}'
       FROM unnest($1::int[], $2::text[], $3::text[]) AS k(i, key, hash)`,
      [keys.map((k) => k.i), keys.map((k) => k.key), keys.map((k) => createHash("sha256").update(k.key).digest("hex"))],
    );
    return keys.map((k) => k.key);
  } finally {
    await client.end();
  }
}

const TICK_MS = 1000 / 100; // USER_HZ
/** CPU time (user + system) of process `pid` so far, in ms; 0 once it is gone. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
const postgresCpuMs = () =>
  readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .reduce((sum, pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres" ? sum + cpuMs(pid) : sum;
      } catch {
        return sum;
      }
    }, 0);

// The receiver stands for the endpoints' own machines, elsewhere in production: in Linux's idle
// scheduling class where it can be (as the app's background sender is, server.mjs), else at the
// lowest CPU priority, it takes from the app only the cores the app leaves idle.
const idleClass = spawnSync("chrt", ["--idle", "0", "true"], { stdio: "ignore" }).status === 0;
const receiverCommand = [process.execPath, "-e", RECEIVER];
const [receiverFile, ...receiverArgs] = idleClass ? ["chrt", "--idle", "0", ...receiverCommand] : receiverCommand;
const receiverProcess = spawn(receiverFile, receiverArgs, { stdio: ["ignore", "inherit", "inherit", "ipc"] });
setPriority(receiverProcess.pid, 19);
const receiverPort = await new Promise((resolve) => receiverProcess.once("message", (m) => resolve(m.port)));
/** What the receiver has had: deliveries, distinct webhook-ids, endpoints. */
const receivedSoFar = () =>
  new Promise((resolve) => {
    receiverProcess.once("message", resolve);
    receiverProcess.send("count");
  });
const hookBase = `http://127.0.0.1:${receiverPort}`;

const bench = await benchServer({ env: { ALLOW_PRIVATE_OUTBOUND: "1" } }).catch((error) => {
  receiverProcess.kill(); // the server did not start: the receiver must not outlive the bench
  throw error;
});
try {
  const { base, cookie } = bench;
  for (let i = 0; i < 5; i++) await api(base, "/api/links", { method: "POST", cookie, body: { title: `Link ${i}`, url: `https://example.com/${i}` } });

  // 1. Keyed vs session reads.
  const keys = await seedKeys(bench.dbUrl, Math.ceil((2 * READS) / 110) + 2);
  let k = 0;
  const keyed = () =>
    cannon({
      url: `${base}/api/links?page=bench`,
      connections: CONNECTIONS,
      amount: READS,
      requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${keys[k++ % keys.length]}` } }) }],
    });
  const session = () => cannon({ url: `${base}/api/links`, connections: CONNECTIONS, amount: READS, headers: { cookie } });
  await session(); // warm-up
  const rates = { keyed: [], session: [] };
  for (let round = 0; round < 2; round++) {
    for (const [name, run] of round % 2
      ? [
          ["keyed", keyed],
          ["session", session],
        ]
      : [
          ["session", session],
          ["keyed", keyed],
        ]) {
      const r = await run();
      const s = summary(r);
      if (s.errors || s.non2xx) throw new Error(`${name}: ${JSON.stringify(s)}`);
      rates[name].push(READS / r.busySeconds);
    }
  }
  console.log(
    `GET /api/links: session ${Math.round(median(rates.session))}/s, key ${Math.round(median(rates.keyed))}/s, key ÷ session = ${ratio(median(rates.keyed), median(rates.session))}`,
  );

  // 2. Link edits (PATCH, each one link.updated event) without, then with 10 endpoints: at full
  //    speed (how many a second the machine serves, deliveries sharing its cores) and at a fixed
  //    rate under that (each edit's latency: is a request slower because of its webhooks?).
  //    The page's five links take the edits in turn (a creation each would pass the page's link limit).
  const ids = (await (await api(base, "/api/links", { cookie })).json()).map((l) => l.id);
  let n = 0;
  const edit = (extra = {}) =>
    cannon({
      url: base,
      method: "PATCH",
      connections: CONNECTIONS,
      amount: EVENTS,
      headers: { cookie, "content-type": "application/json" },
      requests: [
        {
          setupRequest: (req) => {
            const i = n++;
            return { ...req, path: `/api/links/${ids[i % ids.length]}`, body: JSON.stringify({ highlighted: Math.floor(i / ids.length) % 2 === 0 }) };
          },
        },
      ],
      ...extra,
    });
  const checked = (name, r) => {
    const s = summary(r);
    if (s.errors || s.non2xx) throw new Error(`${name}: ${JSON.stringify(s)}`);
    return r;
  };
  const drained = async (expected) => {
    const started = Date.now();
    // Deliveries cut short are retried by the jobs (every minute): wait for them.
    while (Date.now() - started < 180_000 && (await receivedSoFar()).distinct < expected) await new Promise((r) => setTimeout(r, 250));
    return (Date.now() - started) / 1000;
  };
  await edit({ amount: 300 }); // warm-up
  const hooks = [];
  for (let i = 0; i < ENDPOINTS; i++) {
    const res = await api(base, "/api/webhooks", { method: "POST", cookie, body: { url: `${hookBase}/hook/${i}`, events: ["link.updated"] } });
    if (res.status !== 201) throw new Error(`webhook: ${res.status} ${await res.text()}`);
    hooks.push((await res.json()).id);
  }
  const switchHooks = async (active) => {
    for (const id of hooks) {
      const res = await api(base, `/api/webhooks/${id}`, { method: "PATCH", cookie, body: { active } });
      if (res.status !== 200) throw new Error(`webhook switch: ${res.status} ${await res.text()}`);
    }
  };
  await switchHooks(false);
  const rate = Math.max(10, Math.round((0.3 * EVENTS) / checked("first full speed", await edit()).busySeconds));
  const cpuOf = () => ({ server: [], sender: [], receiver: [], postgres: [] });
  const runOf = () => ({ full: [], mean: [], p50: [], p99: [], steadyMean: [], steady50: [], steady99: [], cpu: cpuOf() });
  const runs = { without: runOf(), with: runOf() };
  // CPU milliseconds by process over each full-speed run and its deliveries: the server (the
  // requests), the background sender, the receiver and PostgreSQL (all its processes).
  const serverPid = bench.app.child.pid;
  const senderPid = () => Number(/"event":"sender\.ready"[^\n]*"pid":(\d+)/.exec(bench.app.log())?.[1] ?? 0);
  const cpu = () => ({ server: cpuMs(serverPid), sender: cpuMs(senderPid()), receiver: cpuMs(receiverProcess.pid), postgres: postgresCpuMs() });
  let expected = 0;
  const drainSeconds = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 ? ["with", "without"] : ["without", "with"]) {
      await switchHooks(mode === "with");
      const before = cpu();
      const full = checked(`full speed ${mode} webhooks`, await edit());
      if (mode === "with") drainSeconds.push(await drained((expected += EVENTS * ENDPOINTS)));
      const spent = cpu();
      for (const k of Object.keys(spent)) runs[mode].cpu[k].push((spent[k] - before[k]) / EVENTS);
      // The fixed rate twice: from 10 connections (autocannon sends their requests together,
      // in bursts of 10 that queue behind one another) and from one (the edits one after another).
      const bursts = checked(`fixed rate ${mode} webhooks`, await edit({ amount: EVENTS / 2, overallRate: rate }));
      if (mode === "with") drainSeconds.push(await drained((expected += (EVENTS / 2) * ENDPOINTS)));
      const steady = checked(`fixed rate, one connection, ${mode} webhooks`, await edit({ amount: EVENTS / 2, overallRate: rate, connections: 1 }));
      if (mode === "with") drainSeconds.push(await drained((expected += (EVENTS / 2) * ENDPOINTS)));
      runs[mode].full.push(EVENTS / full.busySeconds);
      runs[mode].mean.push(bursts.latency.average);
      runs[mode].p50.push(bursts.latency.p50);
      runs[mode].p99.push(bursts.latency.p99);
      runs[mode].steadyMean.push(steady.latency.average);
      runs[mode].steady50.push(steady.latency.p50);
      runs[mode].steady99.push(steady.latency.p99);
    }
  }
  const m = (mode, key) => median(runs[mode][key]);
  console.log(
    `PATCH /api/links/:id at full speed, medians of ${ROUNDS} rounds: ${Math.round(m("without", "full"))}/s without webhooks, ${Math.round(m("with", "full"))}/s with ${ENDPOINTS} endpoints; with ÷ without = ${ratio(m("with", "full"), m("without", "full"))} (rounds: ${runs.with.full.map((w, i) => ratio(w, runs.without.full[i])).join(", ")})`,
  );
  // autocannon's percentiles are whole milliseconds: the mean tells apart edits a fraction of one apart.
  const latencies = (mean, p50, p99) =>
    ["without", "with"].map((mode) => `mean ${m(mode, mean).toFixed(2)} ms, p50 ${m(mode, p50)} ms, p99 ${m(mode, p99)} ms ${mode}`).join("; ") +
    `; speed with ÷ without (mean) = ${ratio(m("without", mean), m("with", mean))}, (p50) = ${ratio(m("without", p50), m("with", p50))}, (p99) = ${ratio(m("without", p99), m("with", p99))}`;
  console.log(`PATCH /api/links/:id at ${rate}/s from ${CONNECTIONS} connections, medians of ${ROUNDS} rounds: ${latencies("mean", "p50", "p99")}`);
  console.log(`PATCH /api/links/:id at ${rate}/s from one connection, medians of ${ROUNDS} rounds: ${latencies("steadyMean", "steady50", "steady99")}`);
  const perEdit = (mode) =>
    Object.entries(runs[mode].cpu)
      .map(([k, xs]) => `${k} ${median(xs).toFixed(2)}`)
      .join(", ");
  console.log(
    `CPU ms per edit at full speed (medians): without webhooks ${perEdit("without")}; with ${perEdit("with")}; the server's with ÷ without = ${ratio(median(runs.with.cpu.server), median(runs.without.cpu.server))}`,
  );
  const { deliveries, distinct, endpoints } = await receivedSoFar();
  console.log(
    `webhooks: ${distinct}/${expected} events delivered to ${endpoints} endpoints (${expected - distinct} lost), ${deliveries - distinct} repeated; each run's all in within ${Math.max(...drainSeconds).toFixed(1)} s of its last request`,
  );
} finally {
  await bench.stop();
  receiverProcess.kill();
}
