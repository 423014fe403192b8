// Set-based seeding for bench/scale.mjs: plain INSERT … SELECT … FROM
// generate_series into the app's real tables, in ascending primary-key order,
// on one connection with synchronous_commit off. Nothing of the app is disabled.
//
// Ids: user 'su' + 7 digits (g), link 'sl' + 7 digits + 2 digits (link k of user g),
// so every size grows the tables at their end.

const SP_TODAY = `(now() AT TIME ZONE 'America/Sao_Paulo')::date`;
const uid = (g) => `'su' || lpad((${g})::text, 7, '0')`;
const lid = (g, k) => `'sl' || lpad((${g})::text, 7, '0') || lpad((${k})::text, 2, '0')`;
const NAMES = `(ARRAY['Mariana','João','Ana','Pedro','Beatriz','Lucas','Camila','Rafael'])`;
const SURNAMES = `(ARRAY['Souza','Silva','Oliveira','Santos','Lima','Costa'])`;
export const SOURCES = ["instagram", "tiktok", "direct", "whatsapp", "google"];
export const DEVICES = ["mobile", "desktop", "tablet"];
export const COUNTRIES = ["BR", "PT", "US", "AR"];
const arr = (xs) => `(ARRAY[${xs.map((x) => `'${x}'`).join(",")}])`;

/** Accounts (from+1 … to), 10 links each, bulk with a copied password hash. */
export async function seedAccounts(db, { from, to, hash, linksPerUser }) {
  await db.query(
    `INSERT INTO "User" ("id","name","username","email","passwordHash","emailVerified","createdAt","updatedAt")
     SELECT ${uid("g")},
            ${NAMES}[1 + g % 8] || ' ' || CASE WHEN g % 5000 = 0 THEN 'Quintanilha' ELSE ${SURNAMES}[1 + g % 6] END,
            'su' || g, 'su' || g || '@example.com', $3, now(), now() - (3000000 - g) * interval '1 minute', now()
     FROM generate_series($1::int, $2::int) g`,
    [from + 1, to, hash],
  );
  await db.query(
    `INSERT INTO "Link" ("id","userId","title","url","order","clicks","createdAt","updatedAt")
     SELECT ${lid("g", "k")}, ${uid("g")}, 'Link ' || k, 'https://example.com/' || g || '/' || k, k, (g * 7 + k) % 500, now(), now()
     FROM generate_series($1::int, $2::int) g, generate_series(0, $3::int - 1) k`,
    [from + 1, to, linksPerUser],
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
  let n = 0;
  n += await rowsFor(`INSERT INTO "DailyProfileStat" ("userId","day","views","visitors","clicks")
    SELECT u.uid, ${SP_TODAY} - d, 20 + (u.g + d) % 50, 10 + (u.g + d) % 30, 5 + (u.g * 3 + d) % 40
    FROM (${userSql}) u, generate_series(0, ${days - 1}) d ORDER BY 1, 2`);
  n += await rowsFor(`INSERT INTO "DailyBreakdownStat" ("userId","day","kind","value","views","clicks")
    SELECT u.uid, ${SP_TODAY} - d, b.kind, b.value, 10 + d % 20, 3 + d % 9
    FROM (${userSql}) u, generate_series(0, ${days - 1}) d,
      LATERAL (VALUES ('source', ${arr(SOURCES)}[1 + (u.g + d) % ${SOURCES.length}]),
                      ('device', ${arr(DEVICES)}[1 + (u.g + d) % ${DEVICES.length}]),
                      ('country', ${arr(COUNTRIES)}[1 + (u.g + d) % ${COUNTRIES.length}])) b(kind, value)
    ORDER BY 1, 2, 3, 4`);
  n += await rowsFor(`INSERT INTO "DailyLinkStat" ("linkId","day","clicks")
    SELECT ${linkSql("(d + j) % lc.n")}, ${SP_TODAY} - d, 1 + (u.g + d + j) % 12
    FROM (${userSql}) u, LATERAL (SELECT count(*)::int AS n FROM "Link" WHERE "userId" = u.uid) lc,
      generate_series(0, ${days - 1}) d, generate_series(0, ${linksPerDay - 1}) j
    WHERE j < lc.n ORDER BY 1, 2`);
  n += await rowsFor(`INSERT INTO "DailyLinkSourceStat" ("linkId","day","source","clicks")
    SELECT ${linkSql("(d + j) % lc.n")}, ${SP_TODAY} - d, ${arr(SOURCES)}[1 + (u.g + d + j) % ${SOURCES.length}], 1 + (u.g + d + j) % 12
    FROM (${userSql}) u, LATERAL (SELECT count(*)::int AS n FROM "Link" WHERE "userId" = u.uid) lc,
      generate_series(0, ${days - 1}) d, generate_series(0, ${linksPerDay - 1}) j
    WHERE j < lc.n ORDER BY 1, 2, 3`);
  n += await rowsFor(`INSERT INTO "DailyVisitorMark" ("userId","day","hash")
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
  let n = (await db.query(`INSERT INTO "DailyProfileStat" ("userId","day","views","visitors","clicks") SELECT u.uid, ${day}, 1, 1, 1 FROM (${userSql}) u ON CONFLICT DO NOTHING`)).rowCount;
  n += (await db.query(`INSERT INTO "DailyBreakdownStat" ("userId","day","kind","value","views","clicks") SELECT u.uid, ${day}, 'source', 'direct', 1, 1 FROM (${userSql}) u ON CONFLICT DO NOTHING`)).rowCount;
  n += (await db.query(`INSERT INTO "DailyLinkStat" ("linkId","day","clicks") SELECT ${seededLinkSql("0")}, ${day}, 1 FROM (${userSql}) u ON CONFLICT DO NOTHING`)).rowCount;
  n += (await db.query(`INSERT INTO "DailyLinkSourceStat" ("linkId","day","source","clicks") SELECT ${seededLinkSql("0")}, ${day}, 'direct', 1 FROM (${userSql}) u ON CONFLICT DO NOTHING`)).rowCount;
  return n;
}
