// npm run bench:scale (not in CI; needs `npm run build` first): issue 27's
// instrument. A fresh database on BENCH_DATABASE_URL's local PostgreSQL, the
// production server on it (which applies the migrations), then the tables
// grow in place, set-based SQL (bench/scale/seed.mjs), through SCALE_SIZES
// accounts (default 10000,100000,1000000; 10 links each), measuring after
// each size through the app's own HTTP paths. Seeded once, at the first size:
// SCALE_ACTIVE active pages (default 10,000) with SCALE_DAYS days (default
// 400) of daily statistics; at every size a fresh heavy account (500 links,
// SCALE_DAYS days), because the run deletes it. SCALE_SKIP=backup,retention,
// delete,counts,admin,pages skips parts. One table at the end: figures × sizes and 1M ÷ 10k.
// Pages and teams (issue 38): 1.2 pages per account (every fifth account a
// second page) and editors of other accounts' pages (bench/scale/seed.mjs);
// at each size an account with two pages (both with SCALE_DAYS days of
// statistics) and an editor, never measured before, sign in: the page
// switcher's data (GET /api/pages), the dashboard of each page, the editor's
// dashboard of the page it edits, and second pages' public pages uncached.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { PHONE_UA, api, cannon, startApp, BENCH_SECRET } from "./lib.mjs";
import { activeUsersSql, seedAccounts, seedExpiredDay, seedStats, seededLinkSql } from "./scale/seed.mjs";

const seq7 = (g) => String(g).padStart(7, "0");

const SIZES = (process.env.SCALE_SIZES ?? "10000,100000,1000000").split(",").map(Number);
const SKIP = new Set((process.env.SCALE_SKIP ?? "").split(",").filter(Boolean));
const ACTIVE = Number(process.env.SCALE_ACTIVE ?? 10_000);
const DAYS = Number(process.env.SCALE_DAYS ?? 400);
const LINKS = 10;
const HEAVY_LINKS = 500;
const PASSWORD = "segredo123";
const STATEMENT_TIMEOUT = "600s";

const server = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
if (!["127.0.0.1", "localhost", "::1"].includes(new URL(server).hostname)) throw new Error("bench:scale refuses a non-local database");
if (ACTIVE > SIZES[0]) throw new Error(`SCALE_ACTIVE (${ACTIVE}) must not exceed the first size (${SIZES[0]})`);
const dbName = `vitrine_scale_${Date.now().toString(36)}`;
const dbUrl = Object.assign(new URL(server), { pathname: `/${dbName}` }).toString();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-scale-"));
const table = new Map(); // figure → { size → text }
const notes = [];
const put = (figure, size, value) => {
  if (!table.has(figure)) table.set(figure, {});
  table.get(figure)[size] = value;
};
const log = (...a) => console.error(`[scale ${new Date().toISOString().slice(11, 19)}]`, ...a);
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x) => (x >= 100 ? Math.round(x) : x.toFixed(1));

async function timed(base, p, { cookie, n = 21, expect = 200, headers } = {}) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await api(base, p, { cookie, headers });
    bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== expect) throw new Error(`GET ${p}: ${res.status}`);
    if (i > 0 || n === 1) times.push(performance.now() - t); // the first one warms
  }
  return { p50: pct(times, 50), p99: pct(times, 99), bytes };
}
const putTimed = (figure, size, r) => put(figure, size, `${ms(r.p50)} / ${ms(r.p99)}`);

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    execFile(cmd, args, { env: { ...process.env, ...env }, timeout: 1_800_000, maxBuffer: 1 << 24 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${cmd} ${args.join(" ")}: ${error.message}\n${stderr}`)) : resolve({ seconds: (performance.now() - t) / 1000, stdout }),
    );
  });
}

const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const db = new pg.Client({ connectionString: dbUrl });
let app;
let restoreDb;
let failed = false;
const appEnv = { DATABASE_URL: dbUrl, DATA_DIR: dataDir, AUTH_SECRET: BENCH_SECRET, TRUST_PROXY: "true", STATS_RETENTION_DAYS: String(DAYS) };
let ip = 0;
const nextIp = () => (ip++, `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`);

async function register(username) {
  const res = await api(app.base, "/api/register", {
    method: "POST",
    headers: { "x-forwarded-for": nextIp() },
    body: { name: `Conta ${username}`, username, phone: "(11) 98765-4321", email: `${username}@example.com`, password: PASSWORD },
  });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
  return res.headers.get("set-cookie").split(";")[0];
}

/** A seeded account (its password hash is the administrator's, PASSWORD) signs in. */
async function login(email) {
  const res = await api(app.base, "/api/login", { method: "POST", headers: { "x-forwarded-for": nextIp() }, body: { username: email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return res.headers.get("set-cookie").split(";")[0];
}

/** The id of the page named `username`. */
const pageIdOf = async (username) => (await db.query(`SELECT "id" FROM "Page" WHERE "username" = $1`, [username])).rows[0].id;

try {
  app = await startApp({ port: Number(process.env.BENCH_PORT ?? 3450), env: appEnv });
  await db.connect();
  await db.query(`SET statement_timeout = '${STATEMENT_TIMEOUT}'; SET synchronous_commit = off`);
  const adminCookie = await register("chefe");
  const chefe = `SELECT m."userId" FROM "PageMember" m JOIN "Page" p ON p."id" = m."pageId" WHERE p."username" = 'chefe'`;
  await db.query(`UPDATE "User" SET "isAdmin" = true WHERE "id" IN (${chefe})`);
  const [{ passwordHash: hash }] = (await db.query(`SELECT "passwordHash" FROM "User" WHERE "id" IN (${chefe})`)).rows;
  const step = Math.floor(SIZES[0] / ACTIVE);
  const activeSql = activeUsersSql(ACTIVE, step);
  let seeded = 0;
  let coldNext = 0; // public pages requested so far come from distinct, never-requested accounts
  let coldNext2 = 0; // the same for second pages
  // The accounts with two pages measured at each size: a different one each
  // time, all among the active pages (their first page has statistics), a
  // multiple of 10 (a second page, and no editor role): lcm(step, 10) apart.
  const lcm = ((a, b) => {
    const gcd = (x, y) => (y ? gcd(y, x % y) : x);
    return (a * b) / gcd(a, b);
  })(step, 10);
  const twoPageAccount = (i) => (Math.floor((ACTIVE * step) / lcm) - i) * lcm;
  if (!SKIP.has("pages") && twoPageAccount(SIZES.length - 1) < 10) throw new Error("SCALE_ACTIVE too small for one two-page account per size");

  for (const [sizeIndex, size] of SIZES.entries()) {
    // ---- seed
    const t0 = performance.now();
    await seedAccounts(db, { from: seeded, to: size, hash, linksPerUser: LINKS });
    let statRows = 0;
    if (seeded === 0) statRows = await seedStats(db, { userSql: activeSql, linkSql: seededLinkSql, days: DAYS, linksPerDay: 3 });
    const tAccounts = (performance.now() - t0) / 1000;
    const heavyName = `pesada${size}`;
    const heavyCookie = await register(heavyName);
    const heavyId = await pageIdOf(heavyName);
    await db.query(
      `INSERT INTO "Link" ("id","pageId","title","url","order","createdAt","updatedAt")
       SELECT 'hl${size}_' || lpad(k::text, 3, '0'), $1, 'Oferta ' || k, 'https://loja.example.com/p/' || k, k, now(), now() FROM generate_series(0, ${HEAVY_LINKS - 1}) k`,
      [heavyId],
    );
    statRows += await seedStats(db, {
      userSql: `SELECT 0 AS g, '${heavyId}'::text AS uid`,
      linkSql: (k) => `'hl${size}_' || lpad((${k})::text, 3, '0')`,
      days: DAYS,
      linksPerDay: HEAVY_LINKS,
    });
    // The two-page account of this size: its second page's statistics (its first page's are the active pages').
    const g2 = twoPageAccount(sizeIndex);
    if (!SKIP.has("pages")) {
      statRows += await seedStats(db, {
        userSql: `SELECT ${g2} AS g, 'sp${seq7(g2)}'::text AS uid`,
        linkSql: (k) => `'sm${seq7(g2)}' || lpad((${k})::text, 2, '0')`,
        days: DAYS,
        linksPerDay: LINKS,
      });
    }
    // A live database is not in the minutes after a bulk load of millions of
    // rows: without this, autovacuum's pass over them and the checkpoint that
    // writes them out would run during the measurements below.
    await db.query(`VACUUM (ANALYZE)`);
    await db.query(`CHECKPOINT`);
    const seedSeconds = (performance.now() - t0) / 1000;
    log(
      `size ${size}: seeded in ${seedSeconds.toFixed(1)} s (accounts/links${seeded === 0 ? " + active pages' stats" : ""} ${tAccounts.toFixed(1)} s; ${statRows} stat rows)`,
    );
    put("seed of this step, s", size, seedSeconds.toFixed(1));
    const counts = (
      await db.query(`SELECT (SELECT count(*) FROM "User") u, (SELECT count(*) FROM "Link") l,
      (SELECT count(*) FROM "Page") p, (SELECT count(*) FROM "PageMember") m, (SELECT count(*) FROM "PageMember" WHERE "role" = 'editor') e,
      (SELECT count(*) FROM "DailyLinkStat") + (SELECT count(*) FROM "DailyLinkSourceStat") + (SELECT count(*) FROM "DailyProfileStat") + (SELECT count(*) FROM "DailyBreakdownStat") s,
      pg_database_size(current_database()) b`)
    ).rows[0];
    put("accounts / links", size, `${Number(counts.u).toLocaleString("en")} / ${Number(counts.l).toLocaleString("en")}`);
    put(
      "pages / members (editors)",
      size,
      `${Number(counts.p).toLocaleString("en")} / ${Number(counts.m).toLocaleString("en")} (${Number(counts.e).toLocaleString("en")})`,
    );
    put("daily stat rows / database MB", size, `${Number(counts.s).toLocaleString("en")} / ${Math.round(counts.b / 2 ** 20)}`);
    seeded = size;
    const base = app.base;

    // ---- public page, uncached: accounts never requested before (the app keeps a page in memory after its first request)
    const coldName = () => `su${1 + ((((size - 1 - coldNext++ * 7919) % size) + size) % size)}`;
    const single = [];
    for (let i = 0; i < 301; i++) {
      const t = performance.now();
      const res = await api(base, `/${coldName()}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`public page: ${res.status}`);
      if (i > 0) single.push(performance.now() - t);
    }
    put("public page uncached, one at a time p50 / p99 ms", size, `${ms(pct(single, 50))} / ${ms(pct(single, 99))}`);
    const coldRun = await cannon({
      url: base,
      connections: 10,
      amount: 2000,
      requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: `/${coldName()}`, headers: { ...req.headers, "user-agent": PHONE_UA } }) }],
    });
    put("public pages uncached, 10 at a time: pages/s (p99 ms)", size, `${Math.round(coldRun.requests.total / coldRun.busySeconds)} (${coldRun.latency.p99})`);
    if (coldRun.non2xx || coldRun.errors) notes.push(`${size}: uncached run had ${coldRun.non2xx} non-2xx, ${coldRun.errors} errors`);

    // ---- counted views and clicks: distinct visitor addresses, stored = accepted
    if (!SKIP.has("counts")) {
      const g = Math.max(2, size - 3);
      const linkId = `sl${String(g).padStart(7, "0")}00`;
      const username = `su${g}`;
      const storedClicks = async () => Number((await db.query(`SELECT "clicks" FROM "Link" WHERE "id" = $1`, [linkId])).rows[0].clicks);
      const storedViews = async () =>
        Number((await db.query(`SELECT coalesce(sum("views"),0) v FROM "DailyProfileStat" WHERE "pageId" = $1`, [`su${seq7(g)}`])).rows[0].v);
      for (const [kind, total, p, stored] of [
        ["click", 5000, `/api/links/${linkId}/click`, storedClicks],
        ["view", 2000, `/api/profiles/${username}/view`, storedViews],
      ]) {
        const before = await stored();
        const r = await cannon({
          url: base,
          connections: 50,
          amount: total,
          requests: [
            {
              method: "POST",
              path: p,
              setupRequest: (req) => ({
                ...req,
                headers: { ...req.headers, "content-type": "text/plain;charset=UTF-8", "user-agent": PHONE_UA, "x-forwarded-for": nextIp() },
                body: JSON.stringify({ referrer: "https://l.instagram.com/", id: randomUUID() }),
              }),
            },
          ],
        });
        let after = await stored();
        for (let i = 0; i < 20 && after - before < r["2xx"]; i++) {
          await new Promise((res) => setTimeout(res, 250));
          after = await stored();
        }
        put(`counted ${kind}s/s (p99 ms; lost)`, size, `${Math.round(r.requests.total / r.busySeconds)} (${r.latency.p99}; ${r["2xx"] - (after - before)})`);
      }
    }

    // ---- pages and teams: the switcher's data, each page's dashboard, an editor's, second pages' public pages
    if (!SKIP.has("pages")) {
      const twoCookie = await login(`su${g2}@example.com`);
      const editorCookie = await login(`su${g2 - 7}@example.com`); // g % 10 = 3: an editor of account g - 1's first page
      const listed = await (await api(base, "/api/pages", { cookie: twoCookie })).json();
      if (!Array.isArray(listed) || listed.map((p) => p.username).join() !== `su${g2},sp${g2}`)
        throw new Error(`GET /api/pages for su${g2}: ${JSON.stringify(listed)}`);
      putTimed("GET /api/pages (2 pages) p50 / p99 ms", size, await timed(base, "/api/pages", { cookie: twoCookie }));
      // Each dashboard lists its own page's links (seed.mjs: https://example.com/G/K on account G's first page, https://loja.example.com/G/K on its second).
      const shows = async (p, cookie, own, other) => {
        const html = await (await api(base, p, { cookie })).text();
        if (!html.includes(own) || html.includes(other)) throw new Error(`GET ${p}: not that page's links (${own})`);
      };
      await shows("/dashboard", twoCookie, `//example.com/${g2}/0`, `//loja.example.com/${g2}/0`);
      await shows(`/dashboard?page=sp${g2}`, twoCookie, `//loja.example.com/${g2}/0`, `//example.com/${g2}/0`);
      await shows(`/dashboard?page=su${g2 - 8}`, editorCookie, `//example.com/${g2 - 8}/0`, `//example.com/${g2 - 7}/0`);
      putTimed("dashboard, first of 2 pages p50 / p99 ms", size, await timed(base, "/dashboard", { cookie: twoCookie, n: 11 }));
      putTimed("dashboard ?page= second page p50 / p99 ms", size, await timed(base, `/dashboard?page=sp${g2}`, { cookie: twoCookie, n: 11 }));
      putTimed("dashboard ?page= as an editor p50 / p99 ms", size, await timed(base, `/dashboard?page=su${g2 - 8}`, { cookie: editorCookie, n: 11 }));
      const seconds = Math.floor(size / 5);
      const coldSecond = () => `sp${5 * (1 + ((((seconds - 1 - coldNext2++ * 7919) % seconds) + seconds) % seconds))}`;
      const single2 = [];
      for (let i = 0; i < 201; i++) {
        const t = performance.now();
        const res = await api(base, `/${coldSecond()}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`second page's public page: ${res.status}`);
        if (i > 0) single2.push(performance.now() - t);
      }
      put("second page public, uncached, one at a time p50 / p99 ms", size, `${ms(pct(single2, 50))} / ${ms(pct(single2, 99))}`);
    }

    // ---- the heavy owner
    putTimed("dashboard first render (heavy) p50 / p99 ms", size, await timed(base, "/dashboard", { cookie: heavyCookie, n: 11 }));
    for (const days of [7, 30, 90])
      putTimed(`/api/stats?days=${days} (heavy) p50 / p99 ms`, size, await timed(base, `/api/stats?days=${days}`, { cookie: heavyCookie }));
    putTimed("/api/stats/export?days=90 CSV (heavy) p50 / p99 ms", size, await timed(base, "/api/stats/export?days=90", { cookie: heavyCookie }));

    // ---- the administrator
    if (!SKIP.has("admin")) {
      putTimed("GET /api/admin/stats (totals + charts) p50 / p99 ms", size, await timed(base, "/api/admin/stats", { cookie: adminCookie, n: 11 }));
      putTimed("admin overview page /admin p50 / p99 ms", size, await timed(base, "/admin", { cookie: adminCookie, n: 11 }));
      for (const [list, q] of [
        ["users", ""],
        ["users", "quintanilha"],
        ["users", "mariana"],
        ["users", "zzzz"],
        ["pages", ""],
        ["pages", "quintanilha"],
        ["pages", "4242"],
      ]) {
        putTimed(`/api/admin/${list}?q=${q} p50 / p99 ms`, size, await timed(base, `/api/admin/${list}?q=${encodeURIComponent(q)}`, { cookie: adminCookie }));
      }
    }

    putTimed("GET /api/user/export (heavy) p50 / p99 ms", size, await timed(base, "/api/user/export", { cookie: heavyCookie, n: 4 }));

    // ---- deletion of the heavy account, with public pages (cached) requested meanwhile
    if (!SKIP.has("delete")) {
      const warm = ["su1", "su2", "su3", "su4"];
      for (const w of warm) await (await api(base, `/${w}`)).arrayBuffer();
      const during = [];
      let deleting = true;
      const load = (async () => {
        let i = 0;
        while (deleting) {
          const t = performance.now();
          await (await api(base, `/${warm[i++ % warm.length]}`)).arrayBuffer();
          during.push(performance.now() - t);
        }
      })();
      await new Promise((r) => setTimeout(r, 300));
      const t = performance.now();
      const res = await api(base, "/api/user", { method: "DELETE", cookie: heavyCookie, body: { password: PASSWORD, confirm: heavyName } });
      const took = performance.now() - t;
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, 300));
      deleting = false;
      await load;
      if (res.status !== 200) throw new Error(`DELETE /api/user: ${res.status}`);
      const alone = (await timed(base, `/${warm[0]}`, { n: 101 })).p99;
      put("delete heavy account ms (others' p99 during / alone ms)", size, `${Math.round(took)} (${ms(pct(during, 99))} / ${ms(alone)})`);
    }

    // ---- one retention run deleting a day past the limit: the stats jobs of /api/cron/jobs, run to their end (lib/stats/retention.ts)
    if (!SKIP.has("retention")) {
      const rows = await seedExpiredDay(db, { userSql: activeSql, retentionDays: DAYS });
      const script = `import("./lib/stats/retention.ts").then(async (m) => { const t = performance.now(); const r = await (m.enforceRetention ?? m.default.enforceRetention)(); console.log(JSON.stringify({ ...r, ms: performance.now() - t })); process.exit(0); })`;
      try {
        const { stdout } = await run("npx", ["tsx", "--conditions=react-server", "-e", script], { ...appEnv, NODE_ENV: "production" });
        const r = JSON.parse(stdout.trim().split("\n").pop());
        put("retention run ms (rows deleted)", size, `${Math.round(r.ms)} (${r.deleted}; ${rows} seeded)`);
      } catch (error) {
        put("retention run ms (rows deleted)", size, "n/a");
        notes.push(`retention at ${size}: ${String(error.message).split("\n")[0]}`);
      }
    }

    // ---- backup and restore (npm run backup / restore: pg_dump, pg_restore)
    if (!SKIP.has("backup")) {
      const file = path.join(dataDir, `scale-${size}.backup`);
      const b = await run("npm", ["run", "-s", "backup", "--", file], appEnv);
      restoreDb = `${dbName}_restore`;
      await admin.query(`CREATE DATABASE "${restoreDb}"`);
      const rUrl = Object.assign(new URL(server), { pathname: `/${restoreDb}` }).toString();
      const r = await run("npm", ["run", "-s", "restore", "--", file], { ...appEnv, DATABASE_URL: rUrl });
      await admin.query(`DROP DATABASE IF EXISTS "${restoreDb}" WITH (FORCE)`);
      put("backup s / restore s (file MB)", size, `${b.seconds.toFixed(1)} / ${r.seconds.toFixed(1)} (${Math.round(statSync(file).size / 2 ** 20)})`);
      rmSync(file, { force: true });
    }
    log(`size ${size}: measured`);
  }
} catch (error) {
  failed = true;
  console.error(error);
  if (app) console.error(app.log().slice(-3000));
} finally {
  await app?.stop().catch(() => {});
  await db.end().catch(() => {});
  if (restoreDb) await admin.query(`DROP DATABASE IF EXISTS "${restoreDb}" WITH (FORCE)`).catch(() => {});
  if (!process.env.SCALE_KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
  else console.error(`kept database ${dbName}`);
  await admin.end().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}

// ---- the table
const first = SIZES[0];
const last = SIZES[SIZES.length - 1];
const lead = (v) =>
  Number(
    String(v ?? "")
      .replace(/,/g, "")
      .split(/[ /(]/)[0],
  );
const width = Math.max(...[...table.keys()].map((k) => k.length));
console.log(
  `\nbench:scale on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), PostgreSQL local; ${ACTIVE.toLocaleString("en")} active pages × ${DAYS} days seeded at the first size; heavy account ${HEAVY_LINKS} links × ${DAYS} days at each size; 1.2 pages and 1.4 memberships per account`,
);
console.log(
  `${"figure".padEnd(width)} | ${SIZES.map((s) => s.toLocaleString("en").padStart(18)).join(" | ")} | ${`${last.toLocaleString("en")}÷${first.toLocaleString("en")}`.padStart(12)}`,
);
for (const [figure, bySize] of table) {
  const a = lead(bySize[first]);
  const z = lead(bySize[last]);
  const r = a > 0 && Number.isFinite(z) && SIZES.length > 1 ? (z / a).toFixed(2) : "";
  console.log(`${figure.padEnd(width)} | ${SIZES.map((s) => String(bySize[s] ?? "").padStart(18)).join(" | ")} | ${r.padStart(12)}`);
}
for (const n of notes) console.log(`note: ${n}`);
process.exit(failed ? 1 : 0);
