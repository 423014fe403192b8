// Custom domains (api.md, fifth release), on both runtimes' fast paths:
//  - the public page on its domain (GET / with Host: the domain) ÷ the same
//    page at /{username}, same run, same server, interleaved rounds (medians
//    of req/s): the goal is ≥ 0.95 (the host is recognised from memory, no
//    query);
//  - GET /api/domains/allowed (Caddy's `ask`) p99 with 100,000 domains ÷
//    with 1,000: the goal is ≤ 1.5 (one unique-index lookup).
// Runs alone: `node bench/custom-domains.mjs` after npm run build
// (BENCH_DATABASE_URL, default the local PostgreSQL; BENCH_PORT).
import http from "node:http";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { benchServer, cannon, median, ratio } from "./lib.mjs";

const AMOUNT = Number(process.env.BENCH_DOMAINS_REQUESTS ?? 2000);
const ROUNDS = Number(process.env.BENCH_DOMAINS_ROUNDS ?? 3);
const CONNECTIONS = 20;
const DOMAIN = "bench.loja.test";

async function pageOnDomain(base, dbUrl) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO "CustomDomain" ("id", "pageId", "domain", "token", "status", "verifiedAt") SELECT 'bench-domain', "id", $1, 't', 'active', now() FROM "Page" WHERE "username" = 'bench'`,
      [DOMAIN],
    );
    // As the instance that verified it tells the others (lib/domains/load-host-list.ts).
    await db.query(
      `INSERT INTO "PageChange" ("pageId") SELECT 'domain:' || "id" FROM "Page" WHERE "username" = 'bench' UNION ALL SELECT "id" FROM "Page" WHERE "username" = 'bench'`,
    );
  } finally {
    await db.end();
  }
  for (let i = 0; i < 50; i++) {
    await fetch(`${base}/bench`);
    // (fetch drops a Host header: a plain request names the domain.)
    const res = await getOnHost(base, "/", DOMAIN);
    if (res.status === 200 && res.body.includes(`href="https://${DOMAIN}/"`)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the domain never served the page");
}

function getOnHost(base, path, host) {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: { host } }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode, body }));
      })
      .on("error", reject);
  });
}

async function pageRatio(base, line, label) {
  const targets = [
    { name: "/{username}", path: "/bench", headers: {} },
    { name: "/ on the domain", path: "/", headers: { host: DOMAIN } },
  ];
  for (const t of targets) t.rps = [];
  const run = (t, amount) => cannon({ url: base, connections: CONNECTIONS, amount, requests: [{ method: "GET", path: t.path, headers: t.headers }] });
  for (const t of targets) await run(t, 500);
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of round % 2 ? [...targets].reverse() : targets) {
      const result = await run(t, AMOUNT);
      if (result.non2xx) throw new Error(`${t.name}: ${result.non2xx} answers not 2xx`);
      t.rps.push(Math.round(result.requests.total / result.busySeconds));
    }
  }
  const [plain, domain] = targets;
  line(
    `${label}: /{username} ${median(plain.rps)} req/s, / on the domain ${median(domain.rps)} req/s; ratio ${ratio(median(domain.rps), median(plain.rps))} (goal ≥ 0.95)`,
  );
}

async function fillDomains(dbUrl, total) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM "CustomDomain"`)).rows;
    await db.query(
      `WITH p AS (
         INSERT INTO "Page" ("id", "username", "name", "updatedAt")
         SELECT 'bp' || g, 'bp' || g, 'Página ' || g, now() FROM generate_series($1::int, $2::int) g RETURNING "id"
       )
       INSERT INTO "CustomDomain" ("id", "pageId", "domain", "token", "status", "verifiedAt")
       SELECT 'bd' || substr("id", 3), "id", 'd' || substr("id", 3) || '.bench.test', 't', 'active', now() FROM p`,
      [n, total - 1],
    );
    await db.query(`ANALYZE "CustomDomain"`);
  } finally {
    await db.end();
  }
}

async function allowedP99(base, total) {
  const ask = () => ({ method: "GET", path: `/api/domains/allowed?domain=d${Math.floor(Math.random() * (total - 1)) + 1}.bench.test` });
  await cannon({ url: base, connections: 10, amount: 500, requests: [{ setupRequest: (req) => ({ ...req, ...ask() }) }] });
  const p99 = [];
  for (let round = 0; round < ROUNDS; round++) {
    const result = await cannon({ url: base, connections: 10, amount: AMOUNT, requests: [{ setupRequest: (req) => ({ ...req, ...ask() }) }] });
    if (result.non2xx) throw new Error(`allowed: ${result.non2xx} answers not 2xx`);
    p99.push(result.latency.p99);
  }
  return median(p99);
}

export async function benchCustomDomains({ line }) {
  line("");
  line(`Custom domains: ${AMOUNT.toLocaleString("en")} requests × ${ROUNDS} rounds at ${CONNECTIONS} connections, interleaved; medians`);
  for (const serverless of [false, true]) {
    const label = serverless ? "next start (SERVERLESS=1)" : "npm start";
    const bench = await benchServer({ name: "vitrine_bench_domains", serverless, env: { CUSTOM_DOMAIN_TARGET: "cname.vitrine.test", TRUST_PROXY: "true" } });
    try {
      await pageOnDomain(bench.base, bench.dbUrl);
      await pageRatio(bench.base, line, label);
      if (!serverless) {
        await fillDomains(bench.dbUrl, 1_000);
        const small = await allowedP99(bench.base, 1_000);
        await fillDomains(bench.dbUrl, 100_000);
        const large = await allowedP99(bench.base, 100_000);
        line(`${label}: GET /api/domains/allowed p99 ${small} ms at 1,000 domains, ${large} ms at 100,000; ratio ${ratio(large, small)} (goal ≤ 1.5)`);
      }
    } finally {
      await bench.stop();
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchCustomDomains({ line: (s) => console.log(s) });
  process.exit(0);
}
