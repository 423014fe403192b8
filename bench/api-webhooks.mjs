// npm run bench:api (after npm run build): the public API and webhooks (issue #48), on a
// fresh PostgreSQL database under npm start.
//  1. GET /api/links with an API key ÷ the same call with a session (same run; ≥ 0.9 wanted).
//     A key allows 120 calls a minute: the keyed run rotates over enough keys.
//  2. 1,000 link edits (link.updated) to 10 webhook endpoints (a receiver on 127.0.0.1), twice:
//     every event reaches every endpoint (no loss); the edits at full speed ÷ the same without
//     webhooks, and at a fixed rate (30 % of that speed) each edit's latency with ÷ without
//     (≥ 0.95 wanted: the requests no slower).
import { spawn } from "node:child_process";
import { api, benchServer, cannon, median, ratio, summary } from "./lib.mjs";

const READS = Number(process.env.BENCH_READS ?? 3000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
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
const receiverProcess = spawn(process.execPath, ["-e", RECEIVER], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
const receiverPort = await new Promise((resolve) => receiverProcess.once("message", (m) => resolve(m.port)));
/** What the receiver has had: deliveries, distinct webhook-ids, endpoints. */
const receivedSoFar = () =>
  new Promise((resolve) => {
    receiverProcess.once("message", resolve);
    receiverProcess.send("count");
  });
const hookBase = `http://127.0.0.1:${receiverPort}`;

const bench = await benchServer({ env: { ALLOW_PRIVATE_OUTBOUND: "1" } });
try {
  const { base, cookie } = bench;
  for (let i = 0; i < 5; i++) await api(base, "/api/links", { method: "POST", cookie, body: { title: `Link ${i}`, url: `https://example.com/${i}` } });

  // 1. Keyed vs session reads.
  const keyCount = Math.ceil((2 * READS) / 110) + 2;
  const keys = [];
  for (let i = 0; i < keyCount; i++) keys.push((await (await api(base, "/api/keys", { method: "POST", cookie, body: { name: `bench ${i}`, scopes: ["links:read"] } })).json()).key);
  let k = 0;
  const keyed = () =>
    cannon({ url: `${base}/api/links`, connections: CONNECTIONS, amount: READS, requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${keys[k++ % keys.length]}` } }) }] });
  const session = () => cannon({ url: `${base}/api/links`, connections: CONNECTIONS, amount: READS, headers: { cookie } });
  await session(); // warm-up
  const rates = { keyed: [], session: [] };
  for (let round = 0; round < 2; round++) {
    for (const [name, run] of round % 2 ? [["keyed", keyed], ["session", session]] : [["session", session], ["keyed", keyed]]) {
      const r = await run();
      const s = summary(r);
      if (s.errors || s.non2xx) throw new Error(`${name}: ${JSON.stringify(s)}`);
      rates[name].push(READS / r.busySeconds);
    }
  }
  console.log(`GET /api/links: session ${Math.round(median(rates.session))}/s, key ${Math.round(median(rates.keyed))}/s, key ÷ session = ${ratio(median(rates.keyed), median(rates.session))}`);

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
      requests: [{ setupRequest: (req) => { const i = n++; return { ...req, path: `/api/links/${ids[i % ids.length]}`, body: JSON.stringify({ highlighted: Math.floor(i / ids.length) % 2 === 0 }) }; } }],
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
  const fullWithout = checked("full speed without webhooks", await edit());
  const rate = Math.max(10, Math.round((0.3 * EVENTS) / fullWithout.busySeconds));
  const fixedWithout = checked("fixed rate without webhooks", await edit({ overallRate: rate }));
  for (let i = 0; i < ENDPOINTS; i++) {
    const res = await api(base, "/api/webhooks", { method: "POST", cookie, body: { url: `${hookBase}/hook/${i}`, events: ["link.updated"] } });
    if (res.status !== 201) throw new Error(`webhook: ${res.status} ${await res.text()}`);
  }
  const fullWith = checked("full speed with webhooks", await edit());
  const afterFull = await drained(EVENTS * ENDPOINTS);
  const fixedWith = checked("fixed rate with webhooks", await edit({ overallRate: rate }));
  const afterFixed = await drained(2 * EVENTS * ENDPOINTS);
  console.log(
    `PATCH /api/links/:id at full speed: ${Math.round(EVENTS / fullWithout.busySeconds)}/s without webhooks, ${Math.round(EVENTS / fullWith.busySeconds)}/s with ${ENDPOINTS} endpoints (the deliveries share the cores), with ÷ without = ${ratio(fullWithout.busySeconds, fullWith.busySeconds)}`,
  );
  console.log(
    `PATCH /api/links/:id at ${rate}/s: p50 ${fixedWithout.latency.p50} ms, p99 ${fixedWithout.latency.p99} ms without; p50 ${fixedWith.latency.p50} ms, p99 ${fixedWith.latency.p99} ms with; speed with ÷ without (p50) = ${ratio(fixedWithout.latency.p50, fixedWith.latency.p50)}, (p99) = ${ratio(fixedWithout.latency.p99, fixedWith.latency.p99)}`,
  );
  const expected = 2 * EVENTS * ENDPOINTS;
  const { deliveries, distinct, endpoints } = await receivedSoFar();
  console.log(
    `webhooks: ${distinct}/${expected} events delivered to ${endpoints} endpoints (${expected - distinct} lost), ${deliveries - distinct} repeated; the full-speed run's all in within ${afterFull.toFixed(1)} s of its last request, the fixed-rate run's within ${afterFixed.toFixed(1)} s`,
  );
} finally {
  await bench.stop();
  receiverProcess.kill();
}
