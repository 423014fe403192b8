// npm run bench:api (after npm run build): the public API and webhooks (issue #48), on a
// fresh PostgreSQL database under npm start.
//  1. GET /api/links with an API key ÷ the same call with a session (same run; ≥ 0.9 wanted).
//     A key allows 120 calls a minute: the keyed run rotates over enough keys.
//  2. 1,000 link creations to 10 webhook endpoints (a receiver on 127.0.0.1): every event
//     reaches every endpoint (no loss), and the creations' rate ÷ the same without
//     webhooks (≥ 0.95 wanted).
import http from "node:http";
import { api, benchServer, cannon, median, ratio, summary } from "./lib.mjs";

const READS = Number(process.env.BENCH_READS ?? 3000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const ENDPOINTS = 10;
const CONNECTIONS = 10;

const received = new Map(); // path → Set of webhook-ids
let deliveries = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    deliveries += 1;
    if (!received.has(req.url)) received.set(req.url, new Set());
    received.get(req.url).add(req.headers["webhook-id"]);
    res.writeHead(204).end();
  });
});
await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const hookBase = `http://127.0.0.1:${receiver.address().port}`;

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

  // 2. Creations without, then with 10 endpoints.
  let n = 0;
  const create = () =>
    cannon({ url: `${base}/api/links`, method: "POST", connections: CONNECTIONS, amount: EVENTS, headers: { cookie, "content-type": "application/json" }, requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ title: `E ${n}`, url: `https://example.com/e/${n++}` }) }) }] });
  const without = await create();
  for (let i = 0; i < ENDPOINTS; i++) {
    const res = await api(base, "/api/webhooks", { method: "POST", cookie, body: { url: `${hookBase}/hook/${i}`, events: ["link.created"] } });
    if (res.status !== 201) throw new Error(`webhook: ${res.status} ${await res.text()}`);
  }
  const withHooks = await create();
  for (const [name, r] of [["without", without], ["with", withHooks]]) {
    const s = summary(r);
    if (s.errors || s.non2xx) throw new Error(`${name} webhooks: ${JSON.stringify(s)}`);
  }
  const expected = EVENTS * ENDPOINTS;
  const started = Date.now();
  // Deliveries cut short are retried by the jobs (every minute): wait for them.
  while (Date.now() - started < 180_000 && [...received.values()].reduce((a, s) => a + s.size, 0) < expected) await new Promise((r) => setTimeout(r, 500));
  const distinct = [...received.values()].reduce((a, s) => a + s.size, 0);
  console.log(
    `POST /api/links: ${Math.round(EVENTS / without.busySeconds)}/s without webhooks, ${Math.round(EVENTS / withHooks.busySeconds)}/s with ${ENDPOINTS} endpoints, with ÷ without = ${ratio(without.busySeconds, withHooks.busySeconds)}`,
  );
  console.log(`webhooks: ${distinct}/${expected} events delivered to ${received.size} endpoints (${expected - distinct} lost), ${deliveries - distinct} repeated, all within ${((Date.now() - started) / 1000).toFixed(1)} s after the last request`);
} finally {
  await bench.stop();
  receiver.close();
}
