// npm run bench:stats-scale (not in CI): the statistics tables partitioned by
// month (issue 50, migration 20261128094800_stats_monthly_partitions) against
// the unpartitioned layout they replace, on BENCH_DATABASE_URL's local
// PostgreSQL (default postgresql://postgres@127.0.0.1:5432/postgres).
//
// For each scale (STATS_ROWS daily-link rows, default 100,000,000 = 250,000
// clicked links × 400 days, and the 1,000,000-row baseline the ratios divide
// by) it creates two databases with the project's own tool (scripts/migrate.ts
// deploy --prisma-dir): one with every migration (partitioned), one without
// the partitions migration and what follows (unpartitioned). Both are seeded
// set-based, day after day as counts arrive: pages of 5 links; DailyLinkStat
// for every link and day; DailyLinkSourceStat (2 sources) for one link in
// ten; DailyProfileStat for every page and day; DailyBreakdownStat (source,
// device, country) for one page in five, their indexes and keys set aside
// while the rows arrive and built again after; then VACUUM (ANALYZE) and
// CHECKPOINT.
// Every scale is seeded first; then the reads and the counting rate are
// measured in rounds that take every scale and layout in turn (so that the
// machine's other work weighs on the baseline and the large scale alike), and
// retention last (it deletes). It measures, on both layouts:
//  - an owner's statistics for 7, 30 and 90 days (the queries of
//    lib/stats/stats-queries.ts: the page's days, its links' series, its
//    breakdowns) and the dashboard's card, p50 and p99 over STATS_SAMPLES
//    random pages (default 300), and one link's statistics for 90 days;
//  - the counting rate: groups of 50 clicks (today's upserts of the four
//    tables, as lib/stats/count-store.ts writes them) for STATS_COUNT_SECONDS
//    (default 10) on one connection;
//  - retention: the oldest day deleted row by row as the jobs did
//    (5,000-row batches), rows, seconds and WAL bytes (pg_current_wal_lsn
//    difference); then the rest of the oldest month (the window starts inside
//    it) and the oldest whole month, each the same way on the unpartitioned
//    layout against that month's partitions detached and dropped on the
//    partitioned one; then the month after it the same way from a cold
//    cache, as a month 13 months old is on a server whose statistics do not
//    fit in its memory (the 100M tables here do): CHECKPOINT, then the
//    operating system's page cache dropped (/proc/sys/vm/drop_caches, when
//    this process may write it: root on the database's machine) right before
//    the delete and right before the drop. The issue's bar is judged on it;
//    where the cache cannot be dropped, on the cached month;
//  - the tables' sizes (all partitions, indexes included).
// Then the migration itself at MIGRATION_ACCOUNTS accounts (default 100,000;
// 5 links, 30 days of link, source and breakdown rows, as
// bench/pages-migration.mjs seeded), timed as a deploy applies it, with
// fingerprints compared before and after. STATS_SKIP_MIGRATION=1 leaves it out.
// STATS_KEEP_DB=1 keeps the databases. STATS_TABLESPACE=<directory> creates
// every database of the run in a tablespace there (a file system of one's
// choice: the drop's time is its unlink's, see docs/benchmarks.md).
// Exit 1 when a check fails.
import { execFile, execFileSync } from "node:child_process";
import { accessSync, constants, cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const PARTITIONS_MIGRATION = "20261128094800_stats_monthly_partitions";
const ROWS = Number(process.env.STATS_ROWS ?? 100_000_000);
const BASELINE = 1_000_000;
const DAYS = 400;
const LINKS_PER_PAGE = 5;
const SAMPLES = Number(process.env.STATS_SAMPLES ?? 300);
const COUNT_SECONDS = Number(process.env.STATS_COUNT_SECONDS ?? 10);
const ACCOUNTS = Number(process.env.MIGRATION_ACCOUNTS ?? 100_000);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const server = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
if (!["127.0.0.1", "localhost", "::1"].includes(new URL(server).hostname)) throw new Error("bench:stats-scale refuses a non-local database");
const stamp = Date.now().toString(36);
const urlOf = (name) => Object.assign(new URL(server), { pathname: `/${name}` }).toString();
const log = (...a) => console.error(`[stats-scale ${new Date().toISOString().slice(11, 19)}]`, ...a);
const fmt = (n) => Math.round(n).toLocaleString("en");
const SP_TODAY = `(now() AT TIME ZONE 'America/Sao_Paulo')::date`;
let failed = false;
const check = (ok, what) => {
  if (!ok) failed = true;
  log(`${ok ? "ok" : "FAILED"}: ${what}`);
};

/** A copy of prisma/: every migration (`partitioned`), or those before the partitions migration. */
function prismaCopy(work, partitioned) {
  const dir = path.join(work, partitioned ? "prisma-partitioned" : "prisma-unpartitioned");
  cpSync(path.join(root, "prisma"), dir, { recursive: true });
  const migrations = path.join(dir, "migrations");
  if (!readdirSync(migrations).includes(PARTITIONS_MIGRATION)) throw new Error(`prisma/migrations has no ${PARTITIONS_MIGRATION}`);
  if (!partitioned)
    for (const name of readdirSync(migrations))
      if (/^\d{14}_/.test(name) && name >= PARTITIONS_MIGRATION) rmSync(path.join(migrations, name), { recursive: true });
  return dir;
}

function migrate(prismaDir, url) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    execFile(
      path.join(root, "node_modules/.bin/tsx"),
      ["--conditions=react-server", "scripts/migrate.ts", "deploy", "--prisma-dir", prismaDir],
      { cwd: root, env: { ...process.env, NODE_OPTIONS: "", DATABASE_URL: url }, timeout: 7_200_000, maxBuffer: 1 << 24 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`migrate deploy: ${error.message}\n${stdout}\n${stderr}`)) : resolve((performance.now() - t) / 1000),
    );
  });
}

const TABLESPACE = process.env.STATS_TABLESPACE;

async function createDatabase(admin, name, prismaDir) {
  if (TABLESPACE && !(await admin.query("SELECT 1 FROM pg_tablespace WHERE spcname = 'vitrine_stats_scale'")).rowCount) {
    await admin.query(`CREATE TABLESPACE vitrine_stats_scale LOCATION '${TABLESPACE.replaceAll("'", "''")}'`);
  }
  await admin.query(`CREATE DATABASE "${name}"${TABLESPACE ? " TABLESPACE vitrine_stats_scale" : ""}`);
  await migrate(prismaDir, urlOf(name));
  const db = new pg.Client({ connectionString: urlOf(name), application_name: "stats-scale" });
  await db.connect();
  return db;
}

const pid = (g) => `'sp' || lpad((${g})::text, 8, '0')`;
const lid = (g) => `'sl' || lpad((${g})::text, 9, '0')`;

/** Pages, links and DAYS days of statistics for `links` links, a day at a time (as counts arrive). */
async function seed(db, links, partitioned) {
  const pages = Math.ceil(links / LINKS_PER_PAGE);
  const t = performance.now();
  await db.query(
    `INSERT INTO "Page" ("id", "username", "name", "updatedAt") SELECT ${pid("g")}, 'pagina' || g, 'Página ' || g, now() FROM generate_series(1, $1::int) g`,
    [pages],
  );
  await db.query(
    `INSERT INTO "Link" ("id", "pageId", "title", "url", "order", "updatedAt")
     SELECT ${lid("g")}, ${pid(`(g - 1) / ${LINKS_PER_PAGE} + 1`)}, 'Link ' || g, 'https://example.com/' || g, (g - 1) % ${LINKS_PER_PAGE}, now()
     FROM generate_series(1, $1::int) g`,
    [links],
  );
  if (partitioned) await db.query(`SELECT "vitrine_stats_partitions"(${SP_TODAY} - ${DAYS - 1}, (${SP_TODAY} + interval '2 months')::date)`);
  const rebuild = await setAside(db);
  const CHUNK = 10;
  for (let from = DAYS - 1; from >= 0; from -= CHUNK) {
    const to = Math.max(0, from - CHUNK + 1);
    const days = `generate_series(${from}, ${to}, -1) d`;
    await db.query(
      `INSERT INTO "DailyLinkStat" ("linkId", "day", "clicks") SELECT ${lid("g")}, ${SP_TODAY} - d, 1 + (g + d) % 20 FROM ${days}, generate_series(1, $1::int) g`,
      [links],
    );
    await db.query(
      `INSERT INTO "DailyLinkSourceStat" ("linkId", "day", "source", "clicks") SELECT ${lid("g")}, ${SP_TODAY} - d, s, 1 + (g + d) % 10
       FROM ${days}, generate_series(10, $1::int, 10) g, unnest(ARRAY['direct', 'instagram']) s`,
      [links],
    );
    await db.query(
      `INSERT INTO "DailyProfileStat" ("pageId", "day", "views", "visitors", "clicks") SELECT ${pid("g")}, ${SP_TODAY} - d, 20 + (g + d) % 50, 10 + (g + d) % 20, 5 + (g + d) % 40
       FROM ${days}, generate_series(1, $1::int) g`,
      [pages],
    );
    await db.query(
      `INSERT INTO "DailyBreakdownStat" ("pageId", "day", "kind", "value", "views", "clicks") SELECT ${pid("g")}, ${SP_TODAY} - d, b.k, b.v, 20 + (g + d) % 50, 5 + (g + d) % 40
       FROM ${days}, generate_series(5, $1::int, 5) g, (VALUES ('source', 'instagram'), ('device', 'mobile'), ('country', 'BR')) b(k, v)`,
      [pages],
    );
    if ((DAYS - 1 - to) % 100 < CHUNK) log(`  seeded ${DAYS - to} of ${DAYS} days (${((performance.now() - t) / 1000).toFixed(0)} s)`);
  }
  const built = performance.now();
  await rebuild();
  log(`  indexes and keys built again in ${((performance.now() - built) / 1000).toFixed(0)} s`);
  await db.query("VACUUM (ANALYZE)");
  await db.query("CHECKPOINT");
  return { pages, seconds: (performance.now() - t) / 1000 };
}

const SEEDED = ["DailyLinkStat", "DailyLinkSourceStat", "DailyProfileStat", "DailyBreakdownStat"];

/**
 * Sets the seeded tables' indexes and constraints aside (primary keys, the
 * day indexes, the foreign keys to Link and Page) and returns what builds them
 * again, with the same names and definitions, as one sort each instead of
 * 100 million B-tree insertions and foreign-key lookups: at 100M rows that
 * is what makes the seed take minutes rather than hours. The rows still
 * arrive a day at a time, so the heap holds them in the order production
 * writes them; the indexes come out packed, as after a REINDEX (an index
 * grown by insertions is up to a third larger), on both layouts and at
 * both scales alike. On partitioned tables the definitions are the parent's
 * and building them again builds every partition's.
 */
async function setAside(db) {
  const { rows: constraints } = await db.query(
    `SELECT conrelid::regclass::text AS "table", conname AS name, contype AS type, pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid = ANY($1::regclass[]) AND contype IN ('p', 'u', 'f') ORDER BY contype = 'f', conname`,
    [SEEDED.map((t) => `"${t}"`)],
  );
  const { rows: indexes } = await db.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
     WHERE i.indrelid = ANY($1::regclass[]) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)`,
    [SEEDED.map((t) => `"${t}"`)],
  );
  for (const c of [...constraints].reverse()) await db.query(`ALTER TABLE ${c.table} DROP CONSTRAINT "${c.name}"`);
  for (const i of indexes) await db.query(`DROP INDEX ${i.name}`);
  return async () => {
    await db.query("SET maintenance_work_mem = '1GB'");
    for (const c of constraints.filter((c) => c.type !== "f")) await db.query(`ALTER TABLE ${c.table} ADD CONSTRAINT "${c.name}" ${c.def}`);
    for (const i of indexes) await db.query(i.def);
    for (const c of constraints.filter((c) => c.type === "f")) await db.query(`ALTER TABLE ${c.table} ADD CONSTRAINT "${c.name}" ${c.def}`);
    await db.query("RESET maintenance_work_mem");
  };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** São Paulo's day `back` days ago, as the app computes it and sends it (a parameter: partitions pruned when planning). */
const spDay = (back) => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
};

/** The owner's statistics of `period` days, as lib/stats/stats-queries.ts reads them (ownerInsights; `card`: ownerSummary). */
async function ownerStats(db, pageId, period, card) {
  const since = spDay(period - 1);
  const profile = db.query(
    `SELECT "day", "views", "visitors", "clicks", "subscribers", "sentToApp" FROM "DailyProfileStat" WHERE "pageId" = $1 AND "day" >= $2::date`,
    [pageId, since],
  );
  if (card) return profile;
  const links = (await db.query(`SELECT "id", "title" FROM "Link" WHERE "pageId" = $1 ORDER BY "order"`, [pageId])).rows.map((r) => r.id);
  return Promise.all([
    profile,
    db.query(
      `SELECT "linkId", array_agg(("day" - $2::date)::int) AS "at", array_agg("clicks") AS "clicks" FROM "DailyLinkStat"
       WHERE "linkId" = ANY($1::text[]) AND "day" >= $2::date AND "day" <= $3::date GROUP BY "linkId"`,
      [links, since, spDay(0)],
    ),
    db.query(
      `SELECT "kind", "value", sum("views"), sum("clicks") FROM "DailyBreakdownStat" WHERE "pageId" = $1 AND "day" >= $2::date GROUP BY "kind", "value"`,
      [pageId, since],
    ),
  ]);
}

async function linkStats(db, linkId, period) {
  const since = spDay(period - 1);
  return Promise.all([
    db.query(`SELECT "day", "clicks" FROM "DailyLinkStat" WHERE "linkId" = $1 AND "day" >= $2::date`, [linkId, since]),
    db.query(`SELECT "source", sum("clicks") FROM "DailyLinkSourceStat" WHERE "linkId" = $1 AND "day" >= $2::date GROUP BY "source"`, [linkId, since]),
  ]);
}

/** `count` timed calls of `fn` on random pages (a warm-up first), their milliseconds; `seed` makes each round's pages its own. */
async function timings(pages, fn, count, seed) {
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 10; i++) await fn(1 + Math.floor(rand() * pages)); // warm-up
  const ms = [];
  for (let i = 0; i < count; i++) {
    const g = 1 + Math.floor(rand() * pages);
    const t = performance.now();
    await fn(g);
    ms.push(performance.now() - t);
  }
  return ms;
}

const pageId = (g) => `sp${String(g).padStart(8, "0")}`;
const linkId = (g) => `sl${String(g).padStart(9, "0")}`;

/** Groups of 50 clicks on random links, today's rows of the four tables upserted in one statement each group. */
async function countingRate(db, links, seconds) {
  const group = 50;
  const sql = `WITH req AS (SELECT *, $4::date AS "day" FROM unnest($1::text[], $2::text[], $3::text[]) AS r("link", "page", "source")),
    p AS (INSERT INTO "DailyProfileStat" ("pageId", "day", "views", "visitors", "clicks") SELECT "page", "day", 0, 0, count(*) FROM req GROUP BY 1, 2 ORDER BY 1
      ON CONFLICT ("pageId", "day") DO UPDATE SET "clicks" = "DailyProfileStat"."clicks" + EXCLUDED."clicks"),
    b AS (INSERT INTO "DailyBreakdownStat" ("pageId", "day", "kind", "value", "views", "clicks") SELECT "page", "day", 'source', "source", 0, count(*) FROM req GROUP BY 1, 2, 4 ORDER BY 1, 4
      ON CONFLICT ("pageId", "day", "kind", "value") DO UPDATE SET "clicks" = "DailyBreakdownStat"."clicks" + EXCLUDED."clicks"),
    l AS (INSERT INTO "DailyLinkStat" ("linkId", "day", "clicks") SELECT "link", "day", count(*) FROM req GROUP BY 1, 2 ORDER BY 1
      ON CONFLICT ("linkId", "day") DO UPDATE SET "clicks" = "DailyLinkStat"."clicks" + EXCLUDED."clicks")
    INSERT INTO "DailyLinkSourceStat" ("linkId", "day", "source", "clicks") SELECT "link", "day", "source", count(*) FROM req GROUP BY 1, 2, 3 ORDER BY 1, 3
      ON CONFLICT ("linkId", "day", "source") DO UPDATE SET "clicks" = "DailyLinkSourceStat"."clicks" + EXCLUDED."clicks"`;
  let seed = 777;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const batch = () => {
    const g = Array.from({ length: group }, () => 1 + Math.floor(rand() * links));
    return [g.map(linkId), g.map((x) => pageId(Math.floor((x - 1) / LINKS_PER_PAGE) + 1)), g.map((x) => (x % 3 ? "instagram" : "direct")), spDay(0)];
  };
  for (let i = 0; i < 5; i++) await db.query(sql, batch());
  let counts = 0;
  const end = performance.now() + seconds * 1000;
  const t = performance.now();
  while (performance.now() < end) {
    await db.query(sql, batch());
    counts += group;
  }
  return counts / ((performance.now() - t) / 1000);
}

const lsn = async (db) => (await db.query("SELECT pg_current_wal_lsn()::text AS l")).rows[0].l;
const walSince = async (db, from) => Number((await db.query("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::bigint AS b", [from])).rows[0].b);

/**
 * Deletes rows of the three tables with "day" < `before`, 5,000 at a time by
 * ctid (the jobs' way before partitions; with partitions, the boundary
 * month's way, on its partition: a ctid names a row only within one table).
 */
async function deleteRowByRow(db, before, partition) {
  const from = await lsn(db);
  const t = performance.now();
  let rows = 0;
  for (const table of ["DailyLinkStat", "DailyLinkSourceStat", "DailyBreakdownStat"].map((t) => (partition ? `${t}_p${partition}` : t))) {
    for (;;) {
      const n = (await db.query(`DELETE FROM "${table}" WHERE ctid IN (SELECT ctid FROM "${table}" WHERE "day" < $1::date LIMIT 5000)`, [before])).rowCount;
      rows += n;
      if (n < 5000) break;
    }
  }
  return { rows, seconds: (performance.now() - t) / 1000, wal: await walSince(db, from) };
}

/** Detaches and drops the three tables' partitions of the month starting `month` (lib/stats/partitions.ts dropPartition). */
async function dropMonth(db, month, beforeTiming = async () => {}) {
  const suffix = month.slice(0, 7).replace("-", "");
  const [{ n }] = (
    await db.query(
      `SELECT (SELECT count(*) FROM "DailyLinkStat_p${suffix}") + (SELECT count(*) FROM "DailyLinkSourceStat_p${suffix}") + (SELECT count(*) FROM "DailyBreakdownStat_p${suffix}") AS n`,
    )
  ).rows;
  await beforeTiming();
  const from = await lsn(db);
  const t = performance.now();
  await db.query("BEGIN");
  for (const table of ["DailyLinkStat", "DailyLinkSourceStat", "DailyBreakdownStat"]) {
    await db.query(`ALTER TABLE "${table}" DETACH PARTITION "${table}_p${suffix}"`);
    await db.query(`DROP TABLE "${table}_p${suffix}"`);
  }
  await db.query("COMMIT");
  return { rows: Number(n), seconds: (performance.now() - t) / 1000, wal: await walSince(db, from) };
}

/** Whether the operating system's page cache can be dropped from here (root, on the database's machine). */
const canDropCaches = (() => {
  try {
    accessSync("/proc/sys/vm/drop_caches", constants.W_OK);
    return process.getuid?.() === 0;
  } catch {
    return false;
  }
})();

/** Writes out what the database holds dirty and drops the page cache: the next reads come from the disk. */
async function coldCache(db) {
  await db.query("CHECKPOINT");
  execFileSync("sync");
  writeFileSync("/proc/sys/vm/drop_caches", "1");
}

async function sizes(db) {
  const r = await db.query(`SELECT t, (SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c
      WHERE c.oid = format('%I', t)::regclass OR c.oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = format('%I', t)::regclass))::bigint AS bytes
    FROM unnest(ARRAY['DailyLinkStat', 'DailyLinkSourceStat', 'DailyBreakdownStat', 'DailyProfileStat']) t`);
  return Object.fromEntries(r.rows.map((x) => [x.t, Number(x.bytes)]));
}

const LAYOUTS = ["unpartitioned", "partitioned"];
const ROUNDS = 3;

/** Both layouts of one scale, created and seeded. */
async function seedScale(admin, work, rows) {
  const links = Math.round(rows / DAYS);
  const scale = { rows, links, pages: 0, dbs: {}, names: {}, result: {} };
  for (const label of LAYOUTS) {
    scale.names[label] = `vitrine_stats_${label}_${rows}_${stamp}`;
    log(`${fmt(rows)} rows, ${label}: database ${scale.names[label]}`);
    const db = await createDatabase(admin, scale.names[label], prismaCopy(work, label === "partitioned"));
    scale.dbs[label] = db;
    const seeded = await seed(db, links, label === "partitioned");
    scale.pages = seeded.pages;
    const [{ n }] = (await db.query(`SELECT count(*)::bigint AS n FROM "DailyLinkStat"`)).rows;
    log(`  seeded ${fmt(Number(n))} DailyLinkStat rows (${fmt(links)} links, ${fmt(scale.pages)} pages) in ${seeded.seconds.toFixed(0)} s`);
    scale.result[label] = { rows: Number(n), sizes: await sizes(db) };
  }
  return scale;
}

/**
 * The reads and the counting rate on every scale and layout, measured in
 * ROUNDS rounds that take them in turn (each round a third of the samples,
 * the order reversed every other round), so that what else the machine does
 * weighs on the 1M baseline and on the large scale alike: their p99s are
 * divided by each other.
 */
async function measureReads(scales) {
  const measures = {
    ...Object.fromEntries(
      [7, 30, 90].map((period) => [`owner ${period} days`, (db, s, n, seed) => timings(s.pages, (g) => ownerStats(db, pageId(g), period, false), n, seed)]),
    ),
    "dashboard card": (db, s, n, seed) => timings(s.pages, (g) => ownerStats(db, pageId(g), 30, true), n, seed),
    "link 90 days": (db, s, n, seed) => timings(s.links, (g) => linkStats(db, linkId(g), 90), n, seed),
  };
  const runs = scales.flatMap((s) => LAYOUTS.map((label) => [s, label]));
  for (const [key, measure] of Object.entries(measures)) {
    const samples = new Map(runs.map(([s, label]) => [`${s.rows} ${label}`, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [s, label] of round % 2 ? [...runs].reverse() : runs) {
        samples.get(`${s.rows} ${label}`).push(...(await measure(s.dbs[label], s, Math.ceil(SAMPLES / ROUNDS), 12345 + round)));
      }
    }
    for (const [s, label] of runs) {
      const ms = samples.get(`${s.rows} ${label}`);
      s.result[label][key] = { p50: pct(ms, 50), p99: pct(ms, 99), samples: ms.length };
    }
    log(`  measured ${key}`);
  }
  const rates = new Map(runs.map(([s, label]) => [`${s.rows} ${label}`, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [s, label] of round % 2 ? [...runs].reverse() : runs)
      rates.get(`${s.rows} ${label}`).push(await countingRate(s.dbs[label], s.links, COUNT_SECONDS / ROUNDS));
  }
  for (const [s, label] of runs) s.result[label].countsPerSecond = rates.get(`${s.rows} ${label}`).reduce((a, b) => a + b, 0) / ROUNDS;
}

/**
 * Retention on one scale, both layouts: the oldest day row by row (both: the
 * boundary month's way), the rest of that oldest month (partial: the window
 * starts inside it), then the oldest whole month, row by row on the
 * unpartitioned layout against its partitions detached and dropped on the
 * partitioned one.
 */
async function measureRetention(scale) {
  for (const label of LAYOUTS) {
    const db = scale.dbs[label];
    const partitioned = label === "partitioned";
    const [{ oldest, second, next, after, third }] = (
      await db.query(`SELECT to_char(${SP_TODAY} - ${DAYS - 1}, 'YYYY-MM-DD') AS oldest, to_char(${SP_TODAY} - ${DAYS - 2}, 'YYYY-MM-DD') AS second,
        to_char(date_trunc('month', ${SP_TODAY} - ${DAYS - 1}) + interval '1 month', 'YYYY-MM-DD') AS next,
        to_char(date_trunc('month', ${SP_TODAY} - ${DAYS - 1}) + interval '2 months', 'YYYY-MM-DD') AS after,
        to_char(date_trunc('month', ${SP_TODAY} - ${DAYS - 1}) + interval '3 months', 'YYYY-MM-DD') AS third`)
    ).rows;
    const month = oldest.slice(0, 7).replace("-", "");
    const r = scale.result[label];
    r.oneDay = await deleteRowByRow(db, second, partitioned ? month : undefined);
    r.restOfMonth = partitioned ? await dropMonth(db, oldest) : await deleteRowByRow(db, next);
    r.wholeMonth = partitioned ? await dropMonth(db, next) : await deleteRowByRow(db, after);
    r.wholeMonth.month = next.slice(0, 7);
    if (canDropCaches) {
      // The month after it, from a cold cache (the count of its rows, read before, is put out of the cache again).
      r.coldMonth = partitioned ? await dropMonth(db, after, () => coldCache(db)) : await (async () => (await coldCache(db), deleteRowByRow(db, third)))();
      r.coldMonth.month = after.slice(0, 7);
    }
    log(`  ${fmt(scale.rows)} ${label}: ${JSON.stringify(r)}`);
  }
}

async function dropScale(admin, scale) {
  for (const label of LAYOUTS) {
    await scale.dbs[label]?.end();
    if (!process.env.STATS_KEEP_DB && scale.names[label]) await admin.query(`DROP DATABASE IF EXISTS "${scale.names[label]}" WITH (FORCE)`);
  }
}

/** The migration on MIGRATION_ACCOUNTS accounts of the unpartitioned layout, timed as a deploy applies it. */
async function migrationAt(admin, work) {
  const name = `vitrine_stats_migration_${stamp}`;
  const db = await createDatabase(admin, name, prismaCopy(work, false));
  try {
    const links = ACCOUNTS * LINKS_PER_PAGE;
    await db.query(
      `INSERT INTO "Page" ("id", "username", "name", "updatedAt") SELECT ${pid("g")}, 'pagina' || g, 'Página ' || g, now() FROM generate_series(1, $1::int) g`,
      [ACCOUNTS],
    );
    await db.query(
      `INSERT INTO "Link" ("id", "pageId", "title", "url", "order", "updatedAt") SELECT ${lid("g")}, ${pid(`(g - 1) / ${LINKS_PER_PAGE} + 1`)}, 'Link ' || g, 'https://example.com/' || g, (g - 1) % ${LINKS_PER_PAGE}, now()
       FROM generate_series(1, $1::int) g`,
      [links],
    );
    await db.query(
      `INSERT INTO "DailyLinkStat" ("linkId", "day", "clicks") SELECT ${lid("g")}, ${SP_TODAY} - d, 1 + (g + d) % 20 FROM generate_series(29, 0, -1) d, generate_series(1, $1::int) g`,
      [links],
    );
    await db.query(
      `INSERT INTO "DailyLinkSourceStat" ("linkId", "day", "source", "clicks") SELECT ${lid("g")}, ${SP_TODAY} - d, s, 1 + (g + d) % 10
       FROM generate_series(29, 0, -1) d, generate_series(1, $1::int) g, unnest(ARRAY['direct', 'instagram']) s WHERE g % 5 = 0`,
      [links],
    );
    await db.query(
      `INSERT INTO "DailyBreakdownStat" ("pageId", "day", "kind", "value", "views", "clicks") SELECT ${pid("g")}, ${SP_TODAY} - d, b.k, b.v, 20 + (g + d) % 50, 5 + (g + d) % 40
       FROM generate_series(29, 0, -1) d, generate_series(1, $1::int) g, (VALUES ('source', 'instagram'), ('device', 'mobile'), ('country', 'BR')) b(k, v)`,
      [ACCOUNTS],
    );
    await db.query("VACUUM (ANALYZE)");
    await db.query("CHECKPOINT");
    const fingerprint = async () =>
      (
        await db.query(
          ["DailyLinkStat", "DailyLinkSourceStat", "DailyBreakdownStat"]
            .map((t) => `SELECT '${t}' AS t, count(*)::bigint AS n, sum(hashtext(r::text)::bigint) AS h FROM "${t}" r`)
            .join(" UNION ALL ") + " ORDER BY 1",
        )
      ).rows;
    const before = await fingerprint();
    const wall = await migrate(prismaCopy(work, true), urlOf(name));
    const [{ seconds }] = (
      await db.query(`SELECT extract(epoch FROM finished_at - started_at)::float8 AS seconds FROM _prisma_migrations WHERE migration_name = $1`, [
        PARTITIONS_MIGRATION,
      ])
    ).rows;
    const after = await fingerprint();
    check(JSON.stringify(before) === JSON.stringify(after), `the migration kept every row (${before.map((r) => `${r.t} ${fmt(Number(r.n))}`).join(", ")})`);
    return { accounts: ACCOUNTS, rows: before.map((r) => [r.t, Number(r.n)]), migrationSeconds: seconds, deployWallSeconds: wall };
  } finally {
    await db.end();
    if (!process.env.STATS_KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

/** The figures as Markdown tables, and the issue's bars checked at 100 million rows. */
function report(results, scales) {
  const base = results[BASELINE];
  const top = results[ROWS];
  console.log(`\n## Statistics at scale: ${fmt(ROWS)} DailyLinkStat rows (${fmt(ROWS / DAYS)} links × ${DAYS} days), baseline ${fmt(BASELINE)}\n`);
  console.log("| measure | scale | unpartitioned p50 / p99 ms | partitioned p50 / p99 ms | partitioned p99 ÷ its p99 at 1M |");
  console.log("|---|---|---|---|---|");
  for (const key of ["owner 7 days", "owner 30 days", "owner 90 days", "dashboard card", "link 90 days"]) {
    for (const rows of scales) {
      const u = results[rows].unpartitioned[key];
      const p = results[rows].partitioned[key];
      console.log(
        `| ${key} | ${fmt(rows)} | ${u.p50.toFixed(2)} / ${u.p99.toFixed(2)} | ${p.p50.toFixed(2)} / ${p.p99.toFixed(2)} | ${(p.p99 / base.partitioned[key].p99).toFixed(2)} |`,
      );
    }
  }
  console.log("\n| scale | counts/s unpartitioned | counts/s partitioned | ratio |\n|---|---|---|---|");
  for (const rows of scales) {
    const u = results[rows].unpartitioned.countsPerSecond;
    const p = results[rows].partitioned.countsPerSecond;
    console.log(`| ${fmt(rows)} | ${fmt(u)} | ${fmt(p)} | ${(p / u).toFixed(2)} |`);
  }
  const cell = (x) => `${fmt(x.rows)}, ${x.seconds.toFixed(3)} s, ${fmt(x.wal)} B`;
  const month = results[ROWS].partitioned.wholeMonth.month;
  const cold = results[ROWS].partitioned.coldMonth;
  console.log(
    `\n| scale | layout | one day row by row: rows, s, WAL | rest of the oldest month: rows, s, WAL | the oldest whole month (${month}): rows, s, WAL |${cold ? ` the next month (${cold.month}), cold cache: rows, s, WAL |` : ""}\n|---|---|---|---|---|${cold ? "---|" : ""}`,
  );
  for (const rows of scales) {
    for (const label of ["unpartitioned", "partitioned"]) {
      const r = results[rows][label];
      const how = label === "partitioned" ? "detach + drop" : "row by row";
      console.log(
        `| ${fmt(rows)} | ${label} | ${cell(r.oneDay)} | ${how}: ${cell(r.restOfMonth)} | ${how}: ${cell(r.wholeMonth)} |${r.coldMonth ? ` ${how}: ${cell(r.coldMonth)} |` : ""}`,
      );
    }
    const faster = (key) => {
      const u = results[rows].unpartitioned[key];
      const p = results[rows].partitioned[key];
      return `${(u.seconds / p.seconds).toFixed(0)}× faster, ${(u.wal / Math.max(1, p.wal)).toFixed(0)}× less WAL`;
    };
    console.log(
      `| ${fmt(rows)} | drop ÷ delete | | ${faster("restOfMonth")} | ${faster("wholeMonth")} |${results[rows].partitioned.coldMonth ? ` ${faster("coldMonth")} |` : ""}`,
    );
  }
  console.log("\n| scale | layout | DailyLinkStat | DailyLinkSourceStat | DailyBreakdownStat | DailyProfileStat |\n|---|---|---|---|---|---|");
  for (const rows of scales) {
    for (const label of ["unpartitioned", "partitioned"]) {
      const s = results[rows][label].sizes;
      console.log(
        `| ${fmt(rows)} | ${label} | ${["DailyLinkStat", "DailyLinkSourceStat", "DailyBreakdownStat", "DailyProfileStat"].map((t) => `${fmt(s[t] / 1048576)} MB`).join(" | ")} |`,
      );
    }
  }
  for (const key of ["owner 7 days", "owner 30 days", "owner 90 days", "dashboard card"]) {
    if (ROWS >= 100_000_000) check(top.partitioned[key].p99 / base.partitioned[key].p99 <= 1.5, `${key}: p99 at ${fmt(ROWS)} ÷ at 1M ≤ 1.5`);
  }
  // The issue's bars are for 100 million rows: at a smaller scale the figures are printed, not judged.
  if (ROWS >= 100_000_000) {
    check(top.partitioned.countsPerSecond / top.unpartitioned.countsPerSecond >= 0.95, "counting rate partitioned ÷ unpartitioned ≥ 0.95");
    // Judged from a cold cache where this run could drop it (a month past the window is on the disk, not in memory, at the issue's scale).
    const judged = top.partitioned.coldMonth ? "coldMonth" : "wholeMonth";
    check(
      top.unpartitioned[judged].seconds / top.partitioned[judged].seconds >= 100,
      `the oldest whole month dropped ≥ 100× faster than its rows deleted (${judged === "coldMonth" ? "cold cache" : "cached"})`,
    );
  }
}

const admin = new pg.Client({ connectionString: server });
await admin.connect();
const work = mkdtempSync(path.join(os.tmpdir(), "stats-scale-"));
try {
  const scales = [...new Set([BASELINE, ROWS])].sort((a, b) => a - b);
  const seeded = [];
  const results = {};
  try {
    if (!process.env.STATS_SKIP_SCALES) for (const rows of scales) seeded.push(await seedScale(admin, work, rows));
    await measureReads(seeded);
    for (const scale of seeded) {
      await measureRetention(scale);
      results[scale.rows] = scale.result;
    }
  } finally {
    for (const scale of seeded) await dropScale(admin, scale);
  }
  if (!process.env.STATS_SKIP_SCALES) report(results, scales);
  if (!process.env.STATS_SKIP_MIGRATION) {
    const m = await migrationAt(admin, work);
    console.log(
      `\nThe migration at ${fmt(m.accounts)} accounts (${m.rows.map(([t, n]) => `${fmt(n)} ${t}`).join(", ")}): ${m.migrationSeconds.toFixed(2)} s (_prisma_migrations), db:migrate wall ${m.deployWallSeconds.toFixed(2)} s`,
    );
  }
} finally {
  await admin.end();
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
