// Set-based seeding for bench/scale.mjs: plain INSERT … SELECT … FROM
// generate_series into the app's real tables, in ascending primary-key order,
// on one connection with synchronous_commit off. Nothing of the app is disabled.
//
// Ids: user 'su' + 7 digits (g), its first page the same id (username 'su' + g),
// link 'sl' + 7 digits + 2 digits (link k of page g); a second page 'sp' + 7
// digits (username 'sp' + g, links 'sm' + 7 + 2 digits) for every fifth account
// (g % 5 = 0); so every size grows the tables at their end. Pages and teams
// (issue 38): 1.2 pages per account, and 1.4 memberships: each account owns
// its first page (and its second), an account with g % 10 = 3 is also an
// editor of account g - 1's first page, one with g % 10 = 7 of account g - 2's
// second page.

const SP_TODAY = `(now() AT TIME ZONE 'America/Sao_Paulo')::date`;
const uid = (g) => `'su' || lpad((${g})::text, 7, '0')`;
const pid2 = (g) => `'sp' || lpad((${g})::text, 7, '0')`;
const lid = (g, k) => `'sl' || lpad((${g})::text, 7, '0') || lpad((${k})::text, 2, '0')`;
const lid2 = (g, k) => `'sm' || lpad((${g})::text, 7, '0') || lpad((${k})::text, 2, '0')`;
const NAMES = `(ARRAY['Mariana','João','Ana','Pedro','Beatriz','Lucas','Camila','Rafael'])`;
const SURNAMES = `(ARRAY['Souza','Silva','Oliveira','Santos','Lima','Costa'])`;
export const SOURCES = ["instagram", "tiktok", "direct", "whatsapp", "google"];
export const DEVICES = ["mobile", "desktop", "tablet"];
export const COUNTRIES = ["BR", "PT", "US", "AR"];
const arr = (xs) => `(ARRAY[${xs.map((x) => `'${x}'`).join(",")}])`;
const CREATED = (g) => `now() - (3000000 - ${g}) * interval '1 minute'`;

/**
 * Accounts (from+1 … to), each with its first page (id = the account's id) and
 * `linksPerUser` links; every fifth account a second page with as many
 * links; the editors (see the top). Bulk, with a copied password hash.
 */
export async function seedAccounts(db, { from, to, hash, linksPerUser }) {
  const range = [from + 1, to];
  await db.query(
    `INSERT INTO "User" ("id","name","email","passwordHash","emailVerified","createdAt","updatedAt")
     SELECT ${uid("g")},
            ${NAMES}[1 + g % 8] || ' ' || CASE WHEN g % 5000 = 0 THEN 'Quintanilha' ELSE ${SURNAMES}[1 + g % 6] END,
            'su' || g || '@example.com', $3, now(), ${CREATED("g")}, now()
     FROM generate_series($1::int, $2::int) g`,
    [...range, hash],
  );
  // Every page, first and second, in one statement in id order ('sp…' < 'su…').
  await db.query(
    `INSERT INTO "Page" ("id","username","name","createdAt","updatedAt")
     SELECT id, username, name, "createdAt", now() FROM (
       SELECT ${uid("g")} AS id, 'su' || g AS username,
              ${NAMES}[1 + g % 8] || ' ' || CASE WHEN g % 5000 = 0 THEN 'Quintanilha' ELSE ${SURNAMES}[1 + g % 6] END AS name,
              ${CREATED("g")} AS "createdAt"
       FROM generate_series($1::int, $2::int) g
       UNION ALL
       SELECT ${pid2("g")}, 'sp' || g, 'Loja de ' || ${NAMES}[1 + g % 8], ${CREATED("g")} + interval '1 day'
       FROM generate_series($1::int, $2::int) g WHERE g % 5 = 0
     ) p ORDER BY id`,
    range,
  );
  // Memberships: owners of their pages (the first one earliest: the account's
  // first page), editors of others' pages (joined after them).
  await db.query(
    `INSERT INTO "PageMember" ("pageId","userId","role","createdAt")
     SELECT "pageId", "userId", role, "createdAt" FROM (
       SELECT ${uid("g")} AS "pageId", ${uid("g")} AS "userId", 'owner' AS role, ${CREATED("g")} AS "createdAt"
       FROM generate_series($1::int, $2::int) g
       UNION ALL
       SELECT ${pid2("g")}, ${uid("g")}, 'owner', ${CREATED("g")} + interval '1 day'
       FROM generate_series($1::int, $2::int) g WHERE g % 5 = 0
       UNION ALL
       SELECT ${uid("g - 1")}, ${uid("g")}, 'editor', ${CREATED("g")} + interval '2 days'
       FROM generate_series($1::int, $2::int) g WHERE g % 10 = 3 AND g - 1 >= $1
       UNION ALL
       SELECT ${pid2("g - 2")}, ${uid("g")}, 'editor', ${CREATED("g")} + interval '2 days'
       FROM generate_series($1::int, $2::int) g WHERE g % 10 = 7 AND g - 2 >= $1
     ) m ORDER BY 1, 2`,
    range,
  );
  await db.query(
    `INSERT INTO "Link" ("id","pageId","title","url","order","clicks","createdAt","updatedAt")
     SELECT ${lid("g", "k")}, ${uid("g")}, 'Link ' || k, 'https://example.com/' || g || '/' || k, k, (g * 7 + k) % 500, now(), now()
     FROM generate_series($1::int, $2::int) g, generate_series(0, $3::int - 1) k`,
    [...range, linksPerUser],
  );
  await db.query(
    `INSERT INTO "Link" ("id","pageId","title","url","order","clicks","createdAt","updatedAt")
     SELECT ${lid2("g", "k")}, ${pid2("g")}, 'Produto ' || k, 'https://loja.example.com/' || g || '/' || k, k, (g * 3 + k) % 500, now(), now()
     FROM generate_series($1::int, $2::int) g, generate_series(0, $3::int - 1) k WHERE g % 5 = 0`,
    [...range, linksPerUser],
  );
}

/**
 * `days` days of statistics, ending today (São Paulo), for the pages `userSql`
 * yields as (g, uid); `linkSql(k)` is the SQL of link k's id of page g. Per
 * page and day: one profile row, one source, one device and one country row,
 * and `linksPerDay` links with one source each; today's visitor marks (3 per page).
 */
export async function seedStats(db, { userSql, linkSql, days, linksPerDay }) {
  const rowsFor = async (sql) => (await db.query(sql)).rowCount;
  // The months' partitions of the partitioned tables (lib/stats/partitions.ts).
  await db.query(`SELECT "vitrine_stats_partitions"(${SP_TODAY} - ${days - 1}, ${SP_TODAY})`);
  let n = 0;
  n += await rowsFor(`INSERT INTO "DailyProfileStat" ("pageId","day","views","visitors","clicks")
    SELECT u.uid, ${SP_TODAY} - d, 20 + (u.g + d) % 50, 10 + (u.g + d) % 30, 5 + (u.g * 3 + d) % 40
    FROM (${userSql}) u, generate_series(0, ${days - 1}) d ORDER BY 1, 2`);
  n += await rowsFor(`INSERT INTO "DailyBreakdownStat" ("pageId","day","kind","value","views","clicks")
    SELECT u.uid, ${SP_TODAY} - d, b.kind, b.value, 10 + d % 20, 3 + d % 9
    FROM (${userSql}) u, generate_series(0, ${days - 1}) d,
      LATERAL (VALUES ('source', ${arr(SOURCES)}[1 + (u.g + d) % ${SOURCES.length}]),
                      ('device', ${arr(DEVICES)}[1 + (u.g + d) % ${DEVICES.length}]),
                      ('country', ${arr(COUNTRIES)}[1 + (u.g + d) % ${COUNTRIES.length}])) b(kind, value)
    ORDER BY 1, 2, 3, 4`);
  n += await rowsFor(`INSERT INTO "DailyLinkStat" ("linkId","day","clicks")
    SELECT ${linkSql("(d + j) % lc.n")}, ${SP_TODAY} - d, 1 + (u.g + d + j) % 12
    FROM (${userSql}) u, LATERAL (SELECT count(*)::int AS n FROM "Link" WHERE "pageId" = u.uid) lc,
      generate_series(0, ${days - 1}) d, generate_series(0, ${linksPerDay - 1}) j
    WHERE j < lc.n ORDER BY 1, 2`);
  n += await rowsFor(`INSERT INTO "DailyLinkSourceStat" ("linkId","day","source","clicks")
    SELECT ${linkSql("(d + j) % lc.n")}, ${SP_TODAY} - d, ${arr(SOURCES)}[1 + (u.g + d + j) % ${SOURCES.length}], 1 + (u.g + d + j) % 12
    FROM (${userSql}) u, LATERAL (SELECT count(*)::int AS n FROM "Link" WHERE "pageId" = u.uid) lc,
      generate_series(0, ${days - 1}) d, generate_series(0, ${linksPerDay - 1}) j
    WHERE j < lc.n ORDER BY 1, 2, 3`);
  n += await rowsFor(`INSERT INTO "DailyVisitorMark" ("pageId","day","hash")
    SELECT u.uid, ${SP_TODAY}, md5(u.uid || v) FROM (${userSql}) u, generate_series(1, 3) v ORDER BY 1, 3
    ON CONFLICT DO NOTHING`);
  return n;
}

/** Active pages: every `step`-th seeded account from 1 to `count` of them. */
export const activeUsersSql = (count, step) => `SELECT g, ${uid("g")} AS uid FROM generate_series(1, ${count}) i, LATERAL (SELECT i * ${step} AS g) x`;
export const seededLinkSql = (k) => `'sl' || lpad(u.g::text, 7, '0') || lpad((${k})::text, 2, '0')`;

/** A day past the retention limit (today − retention) for the active pages: what one retention run must delete. */
export async function seedExpiredDay(db, { userSql, retentionDays }) {
  const day = `${SP_TODAY} - ${retentionDays}`;
  await db.query(`SELECT "vitrine_stats_partitions"(${day}, ${day})`);
  let n = (
    await db.query(
      `INSERT INTO "DailyProfileStat" ("pageId","day","views","visitors","clicks") SELECT u.uid, ${day}, 1, 1, 1 FROM (${userSql}) u ON CONFLICT DO NOTHING`,
    )
  ).rowCount;
  n += (
    await db.query(
      `INSERT INTO "DailyBreakdownStat" ("pageId","day","kind","value","views","clicks") SELECT u.uid, ${day}, 'source', 'direct', 1, 1 FROM (${userSql}) u ON CONFLICT DO NOTHING`,
    )
  ).rowCount;
  n += (
    await db.query(`INSERT INTO "DailyLinkStat" ("linkId","day","clicks") SELECT ${seededLinkSql("0")}, ${day}, 1 FROM (${userSql}) u ON CONFLICT DO NOTHING`)
  ).rowCount;
  n += (
    await db.query(
      `INSERT INTO "DailyLinkSourceStat" ("linkId","day","source","clicks") SELECT ${seededLinkSql("0")}, ${day}, 'direct', 1 FROM (${userSql}) u ON CONFLICT DO NOTHING`,
    )
  ).rowCount;
  return n;
}
