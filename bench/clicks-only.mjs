// npm run bench:clicks (after npm run build): only the counted-clicks part of
// npm run bench (bench/clicks.mjs), on a fresh PostgreSQL database;
// BENCH_RUNS=n runs it n times on one server; BENCH_SERVERLESS=1 runs it under
// `next start` with SERVERLESS=1 instead of npm start.
import { api, benchServer } from "./lib.mjs";
import { benchClicks } from "./clicks.mjs";

// The click run sends a distinct X-Forwarded-For per request (one visitor each).
const settle = () => new Promise((resolve) => setTimeout(resolve, 11_000));
const bench = await benchServer({ env: { TRUST_PROXY: "true" }, serverless: process.env.BENCH_SERVERLESS === "1" });
try {
  const { base, cookie, admin, dbName } = bench;
  for (let i = 1; i <= 3; i++) await api(base, "/api/links", { method: "POST", cookie, body: { title: `Link ${i}`, url: `https://example.com/${i}` } });
  const commits = async () => Number((await admin.query(`SELECT xact_commit FROM pg_stat_database WHERE datname = $1`, [dbName])).rows[0].xact_commit);
  for (let i = 0; i < Number(process.env.BENCH_RUNS ?? 1); i++) {
    // An idle backend reports its counters within PostgreSQL's idle interval
    // (10 s): the previous run's baselines settle before the count starts.
    await settle();
    const before = await commits();
    let during = 0;
    await benchClicks({
      base,
      cookie,
      line: (s) => console.log(s),
      afterClicks: async () => {
        await settle();
        during = (await commits()) - before;
      },
    });
    console.log(`transactions committed on the bench database during the clicks (pg_stat_database, approximate): ${during}`);
  }
} finally {
  await bench.stop();
}
