// Open in the app (api.md, fourth release): what it adds to the short link
// GET /{username}/{linkId}, measured against today's redirect in the same run
// on the same server and data. Four targets, each `AMOUNT` requests at
// `CONNECTIONS` connections, one visitor address each (every request is a
// counted click), interleaved over ROUNDS rounds (the order rotating); medians:
//   - today's redirect: a YouTube link without openInApp, Chrome on Android;
//   - the same link from Instagram's browser on Android (nothing rewritten);
//   - a YouTube link with openInApp, Chrome on Android (the web address);
//   - that link from Instagram's browser on Android (the intent: address, source "app").
// Each answer's Location is checked once; afterwards every 302 must be a
// stored click, and the in-app run's clicks the source "app".
// Called by bench/run.mjs (BENCH_ONLY=openinapp); runs alone too
// (`node bench/open-in-app.mjs` after npm run build).
import { pathToFileURL } from "node:url";
import pg from "pg";
import { api, benchServer, cannon, median, ratio } from "./lib.mjs";

const AMOUNT = Number(process.env.BENCH_OPENINAPP_REQUESTS ?? 3000);
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_OPENINAPP_ROUNDS ?? 4);
const VIDEO = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
const INTENT =
  "intent://www.youtube.com/watch?v=dQw4w9WgXcQ#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ;end";
// Real User-Agents (tests/helpers/user-agents.ts).
const INSTAGRAM_ANDROID =
  "Mozilla/5.0 (Linux; Android 11; Mi A3 Build/RKQ1.200903.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.14 Mobile Safari/537.36 Instagram 355.0.0.37.103 Android (30/11; 320dpi; 720x1411; Xiaomi; Mi A3; laurel_sprout; qcom; pt_BR; 657300861)";
const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Mobile Safari/537.36";

let visitor = 0;
const nextAddress = () => {
  visitor += 1;
  return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
};

/** `cookie`: the session of the owner of page "bench"; `dbUrl`: its database (openInApp is set there, whatever the API's default). */
export async function benchOpenInApp({ base, dbUrl, cookie, line, username = "bench" }) {
  const made = [];
  for (const title of ["Meu canal (no app)", "Meu canal"]) {
    const res = await api(base, "/api/links", { method: "POST", cookie, body: { title, url: VIDEO } });
    if (res.status !== 201) throw new Error(`POST /api/links: ${res.status} ${await res.text()}`);
    made.push(await res.json());
  }
  const [inApp, plain] = made;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(`UPDATE "Link" SET "openInApp" = ("id" = $1) WHERE "id" IN ($1, $2)`, [inApp.id, plain.id]);
    const targets = [
      { name: "today's redirect (no openInApp), Chrome Android", link: plain, ua: CHROME_ANDROID, location: VIDEO },
      { name: "no openInApp, Instagram Android", link: plain, ua: INSTAGRAM_ANDROID, location: VIDEO },
      { name: "openInApp, Chrome Android (web address)", link: inApp, ua: CHROME_ANDROID, location: VIDEO },
      { name: "openInApp, Instagram Android (intent:)", link: inApp, ua: INSTAGRAM_ANDROID, location: INTENT },
    ];
    for (const t of targets) {
      const res = await fetch(`${base}/${username}/${t.link.id}`, { redirect: "manual", headers: { "user-agent": t.ua, "x-forwarded-for": nextAddress() } });
      const location = res.headers.get("location");
      if (res.status !== 302 || location !== t.location) throw new Error(`${t.name}: ${res.status} ${location}`);
      t.sent = 1;
      t.rps = [];
      t.p50 = [];
      t.p99 = [];
      t.redirects = 0;
      t.other = 0;
    }
    const run = async (t, amount) => {
      const result = await cannon({
        url: base,
        connections: CONNECTIONS,
        amount,
        requests: [
          {
            method: "GET",
            path: `/${username}/${t.link.id}`,
            setupRequest: (req) => ({ ...req, headers: { ...req.headers, "user-agent": t.ua, "x-forwarded-for": nextAddress() } }),
          },
        ],
      });
      t.sent += amount;
      t.redirects += result["3xx"] ?? 0;
      t.other += amount - (result["3xx"] ?? 0);
      return result;
    };
    // Warm every path (the route, the counting queue, inapp-spy) before measuring.
    for (const t of targets) await run(t, 300);
    // Each round starts one target later, so no target always runs first (or right after another).
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of [...targets.slice(round % targets.length), ...targets.slice(0, round % targets.length)]) {
        const result = await run(t, AMOUNT);
        t.rps.push(Math.round(result.requests.total / result.busySeconds));
        t.p50.push(result.latency.p50);
        t.p99.push(result.latency.p99);
      }
    }
    // Every 302 is one stored click (the warm-up's and the Location checks' included); the in-app run's are source "app".
    const stored = Object.fromEntries(
      (await db.query(`SELECT "id", "clicks" FROM "Link" WHERE "id" IN ($1, $2)`, [inApp.id, plain.id])).rows.map((r) => [r.id, r.clicks]),
    );
    const app = Number(
      (await db.query(`SELECT coalesce(sum("clicks"), 0) AS n FROM "DailyLinkSourceStat" WHERE "source" = 'app' AND "linkId" = $1`, [inApp.id])).rows[0].n,
    );
    const answered = (link) => targets.filter((t) => t.link === link).reduce((n, t) => n + t.redirects + 1, 0);
    const others = targets.reduce((n, t) => n + t.other, 0);

    line("");
    line(
      `Open in the app: the short link GET /${username}/{id}, ${AMOUNT.toLocaleString("en")} requests × ${ROUNDS} rounds at ${CONNECTIONS} connections, one visitor address each (every request a counted click); medians`,
    );
    line("target                                              req/s    p50 ms   p99 ms");
    for (const t of targets)
      line(`${t.name.padEnd(50)}  ${String(median(t.rps)).padStart(6)}   ${String(median(t.p50)).padStart(6)}   ${String(median(t.p99)).padStart(6)}`);
    const [today, , , intent] = targets;
    for (const t of targets.slice(1)) {
      line(`ratio ${t.name} / today's redirect: req/s ${ratio(median(t.rps), median(today.rps))}, p99 ${ratio(median(t.p99), median(today.p99))}`);
    }
    line(
      `clicks: stored ${stored[plain.id]} of ${answered(plain)} redirects (no openInApp), ${stored[inApp.id]} of ${answered(inApp)} (openInApp); source "app": ${app} of ${intent.redirects + 1} intent: answers; not 302: ${others}`,
    );
  } finally {
    await db.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const bench = await benchServer({ name: "vitrine_bench_openinapp", env: { TRUST_PROXY: "true" } });
  try {
    await benchOpenInApp({ base: bench.base, dbUrl: bench.dbUrl, cookie: bench.cookie, line: (s) => console.log(s) });
  } finally {
    await bench.stop();
  }
  process.exit(0);
}
