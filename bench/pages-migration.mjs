// npm run bench:pages-migration (not in CI): the time of the pages migration
// (prisma/migrations/20261127031308_pages_and_members, issue 38) on a
// database of the previous schema with MIGRATION_ACCOUNTS accounts (default
// 100,000), and what it kept. On BENCH_DATABASE_URL's local PostgreSQL
// (default postgresql://postgres@127.0.0.1:5432/postgres) it creates its own
// database, applies every earlier migration with the project's own tool
// (scripts/migrate.ts deploy --prisma-dir, on a copy of prisma/ without the
// pages migration and what follows it), seeds the previous schema set-based
// (accounts with username, bio, images, colours, socials, a mix of active,
// deactivated, flagged and unindexed pages; 5 links each; 30 days of
// DailyProfileStat each; DailyBreakdownStat, visitor marks, reports, appeals,
// page changes and sessions for some), runs VACUUM (ANALYZE) and CHECKPOINT
// (a live database is not in the minutes after a bulk load), then times the
// same tool applying the pages migration alone, as a deploy would. Before and
// after, fingerprints of what must survive (counts, sums, md5 digests of the
// rows in id order) are compared, and the new tables are checked: a page per
// account with the account's id, one owner membership each, links and
// statistics under the same ids, PlatformCounter's 'activePages' equal to the
// active pages. Exit 1 when a check fails. MIGRATION_KEEP_DB=1 keeps the database.
// MIGRATION_PROFILE=1 first runs the migration's statements one at a time in
// a transaction it rolls back, and prints the slowest (where the time goes;
// the timed deploy then runs on warmer caches).
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const PAGES_MIGRATION = "20261127031308_pages_and_members";
const ACCOUNTS = Number(process.env.MIGRATION_ACCOUNTS ?? 100_000);
const LINKS = 5;
const DAYS = 30;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const server = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
if (!["127.0.0.1", "localhost", "::1"].includes(new URL(server).hostname)) throw new Error("bench:pages-migration refuses a non-local database");
const dbName = `vitrine_pages_mig_${Date.now().toString(36)}`;
const dbUrl = Object.assign(new URL(server), { pathname: `/${dbName}` }).toString();
const log = (...a) => console.error(`[pages-migration ${new Date().toISOString().slice(11, 19)}]`, ...a);

/** A copy of prisma/ holding the migrations before the pages migration (`upTo: false`) or up to it (`upTo: true`). */
function prismaCopy(work, upTo) {
  const dir = path.join(work, upTo ? "prisma-with-pages" : "prisma-before-pages");
  cpSync(path.join(root, "prisma"), dir, { recursive: true });
  const migrations = path.join(dir, "migrations");
  if (!readdirSync(migrations).includes(PAGES_MIGRATION)) throw new Error(`prisma/migrations has no ${PAGES_MIGRATION}`);
  for (const name of readdirSync(migrations)) {
    if (!/^\d{14}_/.test(name)) continue;
    if (upTo ? name > PAGES_MIGRATION : name >= PAGES_MIGRATION) rmSync(path.join(migrations, name), { recursive: true });
  }
  return dir;
}

/** `npm run db:migrate` with --prisma-dir, as tests/setup/migrate-cli.ts runs it; resolves with its wall time. */
function migrate(prismaDir) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    execFile(
      path.join(root, "node_modules/.bin/tsx"),
      ["--conditions=react-server", "scripts/migrate.ts", "deploy", "--prisma-dir", prismaDir],
      { cwd: root, env: { ...process.env, NODE_OPTIONS: "", DATABASE_URL: dbUrl }, timeout: 3_600_000, maxBuffer: 1 << 24 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`migrate deploy: ${error.message}\n${stdout}\n${stderr}`))
          : resolve({ seconds: (performance.now() - t) / 1000, output: stdout.trim() }),
    );
  });
}

// ---- the previous schema's data (ids 'mu' + 7 digits; every statement in primary-key order)
const NAMES = `(ARRAY['Mariana','João','Ana','Pedro','Beatriz','Lucas','Camila','Rafael'])`;
const SURNAMES = `(ARRAY['Souza','Silva','Oliveira','Santos','Lima','Costa'])`;
const uid = (g) => `'mu' || lpad((${g})::text, 7, '0')`;
const SP_TODAY = `(now() AT TIME ZONE 'America/Sao_Paulo')::date`;

async function seedPrevious(db, n) {
  const step = async (label, sql, params = [n]) => {
    const t = performance.now();
    const r = await db.query(sql, params);
    log(`seed ${label}: ${r.rowCount.toLocaleString("en")} rows, ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  // One in 50 pages deactivated (half of them appealing), one in 97 flagged
  // adult, one in 13 out of search; a password for 9 in 10 (the rest Google).
  await step(
    "User",
    `INSERT INTO "User" ("id","name","username","email","emailVerified","phone","passwordHash","bio","image","avatarUrl","coverUrl","coverAspectRatio",
       "backgroundColor","fontColor","imageOpacity","imagePosition","linkButtonColor","linkButtonOpacity","buttonStyle","buttonShape","fontFamily","socials",
       "isAdmin","pageActive","deactivationReason","deactivatedAt","twoFactorEnabled","sensitive","seoTitle","seoDescription","indexable","createdAt","updatedAt")
     SELECT ${uid("g")},
       ${NAMES}[1 + g % 8] || ' ' || ${SURNAMES}[1 + g % 6],
       'conta' || g, 'conta' || g || '@example.com',
       CASE WHEN g % 10 <> 1 THEN now() - (g % 300) * interval '1 day' END,
       CASE WHEN g % 3 = 0 THEN '(11) 9' || lpad((g % 100000000)::text, 8, '0') END,
       CASE WHEN g % 10 <> 9 THEN '$argon2id$v=19$m=19456,t=2,p=1$' || md5('sal' || g) || '$' || md5('senha' || g) END,
       CASE WHEN g % 3 <> 2 THEN 'Bio da conta ' || g || ': receitas, dicas e links' ELSE '' END,
       CASE WHEN g % 10 = 9 THEN 'https://lh3.googleusercontent.com/a/' || md5(g::text) END,
       CASE WHEN g % 2 = 0 THEN '/uploads/avatars/' || md5('avatar' || g) || '.webp' END,
       CASE WHEN g % 4 = 0 THEN '/uploads/covers/' || md5('cover' || g) || '.webp' END,
       CASE WHEN g % 4 = 0 THEN (ARRAY['16:9','3:1','4:3'])[1 + g % 3] ELSE '16:9' END,
       '#' || substr(md5('bg' || g), 1, 6), CASE WHEN g % 2 = 0 THEN '#000000' ELSE '#ffffff' END,
       50 + g % 51, (ARRAY['cover','contain','center','top','bottom'])[1 + g % 5]::"ImagePosition",
       '#' || substr(md5('btn' || g), 1, 6), g % 101,
       (ARRAY['filled','outline','shadow'])[1 + g % 3], (ARRAY['square','rounded','pill'])[1 + g % 3], (ARRAY['sans','serif','mono','rounded'])[1 + g % 4],
       CASE WHEN g % 3 = 0 THEN jsonb_build_object('instagram', 'conta' || g, 'whatsapp', '55119' || lpad((g % 100000000)::text, 8, '0')) ELSE '{}'::jsonb END,
       g % 20000 = 1,
       g % 50 <> 0,
       CASE WHEN g % 50 = 0 THEN (ARRAY['spam','golpe','conteudo_improprio'])[1 + g / 50 % 3] END,
       CASE WHEN g % 50 = 0 THEN now() - (g % 30) * interval '1 day' END,
       g % 40 = 0,
       CASE WHEN g % 97 = 0 THEN 'adult' ELSE 'none' END,
       CASE WHEN g % 11 = 0 THEN 'Conta ' || g || ' no Vitrine' END,
       CASE WHEN g % 22 = 0 THEN 'Os links da conta ' || g END,
       g % 13 <> 0,
       now() - (${n} - g) * interval '5 minutes', now() - (g % 1000) * interval '1 minute'
     FROM generate_series(1, $1::int) g`,
  );
  await step(
    "Link",
    `INSERT INTO "Link" ("id","userId","title","url","order","clicks","kind","thumbnailUrl","highlighted","createdAt","updatedAt")
     SELECT 'ml' || lpad(g::text, 7, '0') || k, ${uid("g")},
       CASE WHEN k = 2 AND g % 4 = 0 THEN 'Seção ' || g ELSE 'Link ' || k || ' da conta ' || g END,
       CASE WHEN k = 2 AND g % 4 = 0 THEN '' ELSE 'https://example.com/' || g || '/' || k END,
       k, CASE WHEN k = 2 AND g % 4 = 0 THEN 0 ELSE (g * 7 + k) % 500 END,
       CASE WHEN k = 2 AND g % 4 = 0 THEN 'header' ELSE 'link' END,
       CASE WHEN k = 0 AND g % 5 = 0 THEN '/uploads/thumbnails/' || md5('thumb' || g) || '.webp' END,
       k = 0 AND g % 9 = 0, now() - (g % 500) * interval '1 hour', now()
     FROM generate_series(1, $1::int) g, generate_series(0, ${LINKS - 1}) k`,
  );
  await step(
    "DailyProfileStat",
    `INSERT INTO "DailyProfileStat" ("userId","day","views","visitors","clicks")
     SELECT ${uid("g")}, ${SP_TODAY} - d, 5 + (g + d) % 50, 3 + (g + d) % 30, (g * 3 + d) % 40
     FROM generate_series(1, $1::int) g, generate_series(${DAYS - 1}, 0, -1) d`,
  );
  await step(
    "DailyBreakdownStat",
    `INSERT INTO "DailyBreakdownStat" ("userId","day","kind","value","views","clicks")
     SELECT ${uid("g")}, ${SP_TODAY} - d, b.kind, b.value, 5 + (g + d) % 50, (g * 3 + d) % 40
     FROM generate_series(1, $1::int) g, generate_series(${DAYS - 1}, 0, -1) d,
       LATERAL (VALUES ('country', (ARRAY['AR','BR','PT'])[1 + (g + d) % 3]),
                       ('device', (ARRAY['desktop','mobile','tablet'])[1 + (g + d) % 3]),
                       ('source', (ARRAY['direct','instagram','tiktok'])[1 + (g + d) % 3])) b(kind, value)
     WHERE g % 10 = 0`,
  );
  await step(
    "DailyVisitorMark",
    `INSERT INTO "DailyVisitorMark" ("userId","day","hash")
     SELECT ${uid("g")}, ${SP_TODAY}, md5(g || '-' || v) FROM generate_series(1, $1::int) g, generate_series(1, 3) v WHERE g % 10 = 0
     ON CONFLICT DO NOTHING`,
  );
  await step(
    "Report",
    `INSERT INTO "Report" ("id","userId","linkId","linkUrl","reason","details","status","createdAt","closedAt")
     SELECT 'mr' || lpad(g::text, 7, '0'), ${uid("g")}, 'ml' || lpad(g::text, 7, '0') || '0', 'https://example.com/' || g || '/0',
       (ARRAY['spam','golpe','conteudo_improprio','falsidade','outro'])[1 + g / 25 % 5]::"ReportReason", 'Denúncia ' || g,
       CASE WHEN g % 2 = 0 THEN 'open' ELSE 'closed' END::"ReportStatus", now() - (g % 60) * interval '1 day',
       CASE WHEN g % 2 = 1 THEN now() - (g % 30) * interval '1 day' END
     FROM generate_series(1, $1::int) g WHERE g % 25 = 0`,
  );
  await step(
    "Appeal",
    `INSERT INTO "Appeal" ("id","userId","deactivatedAt","message","createdAt")
     SELECT 'ma' || substr("id", 3), "id", "deactivatedAt", 'Foi um engano, por favor reativem', "deactivatedAt" + interval '1 hour'
     FROM "User" WHERE NOT "pageActive" AND substr("id", 3)::int % 100 = 0 ORDER BY "id"`,
    [],
  );
  await step(
    "PageChange",
    `INSERT INTO "PageChange" ("userId","at") SELECT CASE WHEN g % 100 = 0 THEN NULL ELSE ${uid("g * 17 % $1::int + 1")} END, now() - (2000 - g) * interval '1 second'
     FROM generate_series(1, 2000) g`,
  );
  await step(
    "Session",
    `INSERT INTO "Session" ("id","sessionToken","userId","expires","remember","createdAt")
     SELECT 'ms' || lpad(g::text, 7, '0'), md5('sessao' || g), ${uid("g")}, now() + interval '20 days', true, now() - interval '10 days'
     FROM generate_series(1, $1::int) g WHERE g % 4 = 0`,
  );
}

/** The migration's statements: split on ';' at a line's end, outside $$ bodies; comments dropped. */
function statements(sql) {
  const out = [];
  let current = "";
  let inBody = false;
  for (const line of sql.split("\n")) {
    if (!inBody && /^\s*--/.test(line)) continue;
    current += `${line}\n`;
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      out.push(current.trim());
      current = "";
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/** Each statement's time, in one transaction rolled back. */
async function profile(db, prismaDir) {
  const sql = readFileSync(path.join(prismaDir, "migrations", PAGES_MIGRATION, "migration.sql"), "utf8");
  const times = [];
  await db.query("BEGIN");
  try {
    for (const statement of statements(sql)) {
      const t = performance.now();
      await db.query(statement);
      times.push([performance.now() - t, statement.replace(/\s+/g, " ").slice(0, 110)]);
    }
  } finally {
    await db.query("ROLLBACK");
  }
  return times;
}

// ---- fingerprints: what the migration must keep, read the same way before (userId, User) and after (pageId, Page)
const text = (c) => `coalesce((${c})::text, '∅')`;
const digest = (cols, from, order) => `SELECT md5(string_agg(concat_ws('|', ${cols.map(text).join(", ")}), E'\\n' ORDER BY ${order})) AS v FROM ${from}`;
const PAGE_COLUMNS = [
  "id",
  '"username"',
  '"name"',
  '"bio"',
  '"avatarUrl"',
  '"coverUrl"',
  '"coverAspectRatio"',
  '"backgroundColor"',
  '"fontColor"',
  '"imageOpacity"',
  '"imagePosition"',
  '"linkButtonColor"',
  '"linkButtonOpacity"',
  '"buttonStyle"',
  '"buttonShape"',
  '"fontFamily"',
  '"socials"',
  "ACTIVE",
  '"deactivationReason"',
  '"deactivatedAt"',
  '"sensitive"',
  '"seoTitle"',
  '"seoDescription"',
  '"indexable"',
  '"createdAt"',
  '"updatedAt"',
];

async function fingerprint(db, after) {
  const owner = after ? `"pageId"` : `"userId"`;
  const pages = after ? `"Page"` : `"User"`;
  const active = after ? `"active"` : `"pageActive"`;
  const one = async (sql) => (await db.query(sql)).rows[0].v;
  const sums = (table, cols) => `SELECT concat_ws(' / ', count(*), ${cols.map((c) => `coalesce(sum("${c}"), 0)`).join(", ")}) AS v FROM "${table}"`;
  const perOwner = (table, cols) =>
    digest(
      [owner, "n", ...cols],
      `(SELECT ${owner}, count(*) AS n, ${cols.map((c) => `sum("${c}") AS "${c}"`).join(", ")} FROM "${table}" GROUP BY 1) t`,
      owner,
    );
  return {
    accounts: await one(`SELECT count(*)::text AS v FROM "User"`),
    "accounts: id, name, e-mail, password, phone, 2FA, admin (md5)": await one(
      digest(
        ["id", '"name"', '"email"', '"emailVerified"', '"passwordHash"', '"phone"', '"image"', '"isAdmin"', '"twoFactorEnabled"', '"createdAt"'],
        `"User"`,
        "id",
      ),
    ),
    pages: await one(`SELECT count(*)::text AS v FROM ${pages}`),
    "active pages": await one(`SELECT count(*)::text AS v FROM ${pages} WHERE ${active}`),
    "pages: id, username, profile, images, appearance, state, search (md5)": await one(
      digest(
        PAGE_COLUMNS.map((c) => (c === "ACTIVE" ? active : c)),
        pages,
        "id",
      ),
    ),
    "links: count": await one(`SELECT count(*)::text AS v FROM "Link"`),
    "links: id, page, order, kind, clicks, url, thumbnail (md5)": await one(
      digest(["id", owner, '"order"', '"kind"', '"clicks"', '"url"', '"thumbnailUrl"', '"highlighted"'], `"Link"`, "id"),
    ),
    "links per page (md5)": await one(digest([owner, "n"], `(SELECT ${owner}, count(*) AS n FROM "Link" GROUP BY 1) t`, owner)),
    "DailyProfileStat rows / views / visitors / clicks": await one(sums("DailyProfileStat", ["views", "visitors", "clicks"])),
    "DailyProfileStat per page (md5)": await one(perOwner("DailyProfileStat", ["views", "visitors", "clicks"])),
    "DailyBreakdownStat rows / views / clicks": await one(sums("DailyBreakdownStat", ["views", "clicks"])),
    "DailyBreakdownStat per page (md5)": await one(perOwner("DailyBreakdownStat", ["views", "clicks"])),
    "DailyVisitorMark rows": await one(`SELECT count(*)::text AS v FROM "DailyVisitorMark"`),
    "reports (md5)": await one(digest(["id", owner, '"linkId"', '"reason"', '"status"', '"createdAt"'], `"Report"`, "id")),
    "appeals (md5)": await one(digest(["id", owner, '"deactivatedAt"', '"message"'], `"Appeal"`, "id")),
    "page changes (md5)": await one(digest(["id", owner, '"at"'], `"PageChange"`, "id")),
    "sessions (md5)": await one(digest(["id", '"sessionToken"', '"userId"', '"expires"'], `"Session"`, "id")),
    PlatformCounter: await one(`SELECT string_agg("name" || '=' || "value", ' ' ORDER BY "name") AS v FROM "PlatformCounter"`),
    "PlatformDailyStat (md5)": await one(digest(['"day"', '"shard"', '"signups"', '"views"', '"clicks"'], `"PlatformDailyStat"`, `"day", "shard"`)),
  };
}

/** What only the new schema can say: each account owns its one page with its id, and the counters match the tables. */
async function newSchemaChecks(db) {
  const q = async (sql) => (await db.query(sql)).rows[0];
  return [
    ["pages = accounts", await q(`SELECT (SELECT count(*) FROM "Page") = (SELECT count(*) FROM "User") AS ok, (SELECT count(*) FROM "Page")::text AS v`)],
    [
      "members = accounts",
      await q(`SELECT (SELECT count(*) FROM "PageMember") = (SELECT count(*) FROM "User") AS ok, (SELECT count(*) FROM "PageMember")::text AS v`),
    ],
    [
      "every account owns the page with its id",
      await q(`SELECT count(*) = (SELECT count(*) FROM "User") AS ok, count(*)::text AS v FROM "PageMember" m JOIN "User" u ON u."id" = m."userId"
               WHERE m."pageId" = m."userId" AND m."role" = 'owner' AND m."createdAt" = u."createdAt"`),
    ],
    [
      "links whose page is missing",
      await q(`SELECT count(*) = 0 AS ok, count(*)::text AS v FROM "Link" l LEFT JOIN "Page" p ON p."id" = l."pageId" WHERE p."id" IS NULL`),
    ],
    [
      "PlatformCounter 'activePages' = active pages",
      await q(`SELECT coalesce((SELECT "value" FROM "PlatformCounter" WHERE "name" = 'activePages'), 0) = (SELECT count(*) FROM "Page" WHERE "active") AS ok,
                 (SELECT "value" FROM "PlatformCounter" WHERE "name" = 'activePages')::text || ' = ' || (SELECT count(*) FROM "Page" WHERE "active") AS v`),
    ],
    [
      "PlatformCounter 'users' = accounts",
      await q(`SELECT coalesce((SELECT "value" FROM "PlatformCounter" WHERE "name" = 'users'), 0) = (SELECT count(*) FROM "User") AS ok,
                 (SELECT "value" FROM "PlatformCounter" WHERE "name" = 'users')::text AS v`),
    ],
    [
      "PlatformCounter views = sum of DailyProfileStat views",
      await q(`SELECT (SELECT coalesce(sum("value"), 0) FROM "PlatformCounter" WHERE "name" LIKE 'views:%') = (SELECT coalesce(sum("views"), 0) FROM "DailyProfileStat") AS ok,
                 (SELECT coalesce(sum("value"), 0) FROM "PlatformCounter" WHERE "name" LIKE 'views:%')::text AS v`),
    ],
    [
      "User has no page columns left",
      await q(`SELECT count(*) = 0 AS ok, count(*)::text AS v FROM information_schema.columns
               WHERE table_schema = current_schema() AND table_name = 'User' AND column_name IN ('username','bio','avatarUrl','pageActive','socials','sensitive')`),
    ],
    [
      "no userId left on the page's tables",
      await q(`SELECT count(*) = 0 AS ok, count(*)::text AS v FROM information_schema.columns
               WHERE table_schema = current_schema() AND column_name = 'userId' AND table_name IN ('Link','DailyProfileStat','DailyBreakdownStat','DailyVisitorMark','Report','Appeal','PageChange')`),
    ],
  ];
}

const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const work = mkdtempSync(path.join(os.tmpdir(), "vitrine-pages-migration-"));
const db = new pg.Client({ connectionString: dbUrl });
let failed = false;
try {
  const before = prismaCopy(work, false);
  const withPages = prismaCopy(work, true);
  const earlier = await migrate(before);
  log(`earlier migrations applied in ${earlier.seconds.toFixed(1)} s`);
  await db.connect();
  await db.query(`SET statement_timeout = '1800s'; SET synchronous_commit = off`);
  const tSeed = performance.now();
  await seedPrevious(db, ACCOUNTS);
  const seedSeconds = (performance.now() - tSeed) / 1000;
  const tables = ["User", "Link", "DailyProfileStat", "DailyBreakdownStat", "DailyVisitorMark", "Report", "Appeal", "PageChange", "Session"];
  const rowsBefore = (await db.query(`SELECT ${tables.map((t) => `(SELECT count(*) FROM "${t}") AS "${t}"`).join(", ")}`)).rows[0];
  const fpBefore = await fingerprint(db, false);
  await db.query(`VACUUM (ANALYZE)`);
  await db.query(`CHECKPOINT`);
  const size = async () => Math.round((await db.query(`SELECT pg_database_size(current_database()) AS b`)).rows[0].b / 2 ** 20);
  const mbBefore = await size();
  log(`seeded in ${seedSeconds.toFixed(1)} s, then VACUUM (ANALYZE) and CHECKPOINT; ${mbBefore} MB`);

  let profiled;
  if (process.env.MIGRATION_PROFILE) profiled = await profile(db, withPages);

  // ---- the deploy: the same tool, the pages migration pending alone
  const deploy = await migrate(withPages);
  if (!deploy.output.includes(PAGES_MIGRATION)) throw new Error(`the deploy did not apply ${PAGES_MIGRATION}: ${deploy.output}`);
  const [row] = (
    await db.query(
      `SELECT extract(epoch FROM "finished_at" - "started_at")::float8 AS s, "applied_steps_count" AS steps FROM "_prisma_migrations" WHERE "migration_name" = $1`,
      [PAGES_MIGRATION],
    )
  ).rows;
  const idle = await migrate(withPages); // the tool's own start-up, nothing pending
  const mbAfter = await size();

  const fpAfter = await fingerprint(db, true);
  const checks = await newSchemaChecks(db);
  const counts = (
    await db.query(`SELECT (SELECT count(*) FROM "User") AS users, (SELECT count(*) FROM "Page") AS pages, (SELECT count(*) FROM "Page" WHERE "active") AS active,
      (SELECT count(*) FROM "PageMember") AS members, (SELECT count(*) FROM "Link") AS links, (SELECT count(*) FROM "DailyProfileStat") AS profile,
      (SELECT count(*) FROM "DailyBreakdownStat") AS breakdown, (SELECT count(*) FROM "DailyVisitorMark") AS marks, (SELECT count(*) FROM "Report") AS reports,
      (SELECT count(*) FROM "Appeal") AS appeals, (SELECT count(*) FROM "PageChange") AS changes, (SELECT count(*) FROM "Session") AS sessions`)
  ).rows[0];

  const fmt = (x) => Number(x).toLocaleString("en");
  console.log(
    `\nbench:pages-migration on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), PostgreSQL ${(await db.query("SHOW server_version")).rows[0].server_version} local`,
  );
  console.log(
    `previous schema: ${fmt(ACCOUNTS)} accounts, ${LINKS} links each, ${DAYS} days of DailyProfileStat each; ${mbBefore} MB; earlier migrations ${earlier.seconds.toFixed(1)} s, seed ${seedSeconds.toFixed(1)} s`,
  );
  console.log(
    `rows before: ${Object.entries(rowsBefore)
      .map(([t, n]) => `${t} ${fmt(n)}`)
      .join(", ")}`,
  );
  console.log(`\n${PAGES_MIGRATION}:`);
  console.log(`  the migration itself (_prisma_migrations finished_at - started_at): ${row.s.toFixed(2)} s`);
  console.log(`  npm run db:migrate applying it, wall time:                     ${deploy.seconds.toFixed(2)} s`);
  console.log(`  npm run db:migrate with nothing pending (the tool's start-up):  ${idle.seconds.toFixed(2)} s`);
  console.log(`  database ${mbBefore} MB before, ${mbAfter} MB after`);
  if (profiled) {
    const total = profiled.reduce((a, [ms]) => a + ms, 0);
    console.log(
      `  statement by statement (MIGRATION_PROFILE, rolled back before the deploy): ${(total / 1000).toFixed(2)} s in ${profiled.length} statements; the slowest:`,
    );
    for (const [ms, text] of [...profiled].sort((a, b) => b[0] - a[0]).slice(0, 12)) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${text}`);
  }
  console.log(
    `\nafter: ${fmt(counts.users)} accounts, ${fmt(counts.pages)} pages (${fmt(counts.active)} active), ${fmt(counts.members)} members, ${fmt(counts.links)} links, ` +
      `${fmt(counts.profile)} DailyProfileStat, ${fmt(counts.breakdown)} DailyBreakdownStat, ${fmt(counts.marks)} DailyVisitorMark, ${fmt(counts.reports)} reports, ` +
      `${fmt(counts.appeals)} appeals, ${fmt(counts.changes)} page changes, ${fmt(counts.sessions)} sessions`,
  );
  console.log("\nkept (before → after):");
  for (const [key, a] of Object.entries(fpBefore)) {
    const b = fpAfter[key];
    const ok = a === b;
    if (!ok) failed = true;
    console.log(`  ${ok ? "ok  " : "FAIL"} ${key}: ${a}${ok ? "" : ` → ${b}`}`);
  }
  console.log("new schema:");
  for (const [label, r] of checks) {
    if (!r.ok) failed = true;
    console.log(`  ${r.ok ? "ok  " : "FAIL"} ${label}: ${r.v}`);
  }
  console.log(failed ? "\nFAIL" : "\nall checks pass");
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await db.end().catch(() => {});
  if (!process.env.MIGRATION_KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
  else console.error(`kept database ${dbName}`);
  await admin.end().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
