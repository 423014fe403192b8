// Admin search at 100,000 users on PostgreSQL: the median latency of
// GET /api/admin/users?q= (a 'contains' search on the account's name and
// e-mail, and its pages' usernames) and GET /api/admin/pages?q= (on the page's
// name and username) without the trigram indexes, then with them, in one run
// on the same data. Each account has its page (same id, as registration and
// the pages migration make them) and owns it. Called by bench/run.mjs; runs
// alone too (`node bench/admin-search.mjs` after npm run build).
import { pathToFileURL } from "node:url";
import pg from "pg";
import { api, benchServer, median } from "./lib.mjs";

const USERS = Number(process.env.BENCH_SEARCH_USERS ?? 100_000);
const ROUNDS = 31;
const INDEXES = {
  User_name_trgm_idx: `CREATE INDEX "User_name_trgm_idx" ON "User" USING GIN ("name" gin_trgm_ops)`,
  User_email_trgm_idx: `CREATE INDEX "User_email_trgm_idx" ON "User" USING GIN ("email" gin_trgm_ops)`,
  Page_name_trgm_idx: `CREATE INDEX "Page_name_trgm_idx" ON "Page" USING GIN ("name" gin_trgm_ops)`,
  Page_username_trgm_idx: `CREATE INDEX "Page_username_trgm_idx" ON "Page" USING GIN ("username" gin_trgm_ops)`,
};
const analyze = (db) => db.query(`ANALYZE "User", "Page", "PageMember"`);
// A rare surname (20 people), a username fragment (11 people), a common first name.
const SEARCHES = [
  ["rare name 'quintanilha'", "quintanilha"],
  ["username fragment '4242'", "4242"],
  ["common name 'mariana'", "mariana"],
];

/** `cookie` is the session of the account owning the page `username` (made administrator here). */
export async function adminSearch({ base, dbUrl, cookie, username, line }) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(
      `UPDATE "User" SET "isAdmin" = true
       WHERE "id" IN (SELECT m."userId" FROM "PageMember" m JOIN "Page" p ON p."id" = m."pageId" WHERE p."username" = $1 AND m."role" = 'owner')`,
      [username],
    );
    const NAME = `(ARRAY['Mariana','João','Ana','Pedro','Beatriz','Lucas','Camila','Rafael'])[1 + g % 8] || ' ' ||
              CASE WHEN g % 5000 = 0 THEN 'Quintanilha' ELSE (ARRAY['Souza','Silva','Oliveira','Santos','Lima','Costa'])[1 + g % 6] END`;
    await db.query(
      `INSERT INTO "User" ("id", "name", "email", "updatedAt", "createdAt")
       SELECT 'bs' || g, ${NAME}, 'u' || g || '@example.com', now(), now() - g * interval '1 second'
       FROM generate_series(1, $1::int) g`,
      [USERS],
    );
    await db.query(
      `INSERT INTO "Page" ("id", "username", "name", "updatedAt", "createdAt")
       SELECT 'bs' || g, 'u' || g, ${NAME}, now(), now() - g * interval '1 second'
       FROM generate_series(1, $1::int) g`,
      [USERS],
    );
    await db.query(
      `INSERT INTO "PageMember" ("pageId", "userId", "role", "createdAt")
       SELECT 'bs' || g, 'bs' || g, 'owner', now() - g * interval '1 second'
       FROM generate_series(1, $1::int) g`,
      [USERS],
    );
    await analyze(db);
    const measure = async () => {
      const out = {};
      for (const [label, q] of SEARCHES) {
        for (const list of ["users", "pages"]) {
          const times = [];
          for (let i = 0; i < ROUNDS; i++) {
            const started = performance.now();
            const res = await api(base, `/api/admin/${list}?q=${encodeURIComponent(q)}`, { cookie });
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`admin ${list} search: ${res.status}`);
            times.push(performance.now() - started);
          }
          out[`${label} (${list})`] = median(times.slice(1));
        }
      }
      return out;
    };
    for (const name of Object.keys(INDEXES)) await db.query(`DROP INDEX IF EXISTS "${name}"`);
    await analyze(db);
    const before = await measure();
    for (const sql of Object.values(INDEXES)) await db.query(sql);
    await analyze(db);
    const after = await measure();
    line("");
    line(`Admin search, ${USERS.toLocaleString("en")} users (one page each) on PostgreSQL: median of ${ROUNDS - 1} requests, ms (goal ≤ 20 ms)`);
    line("search                                      no index   trigram   ratio");
    for (const key of Object.keys(before)) {
      line(`${key.padEnd(42)}${before[key].toFixed(1).padStart(9)}${after[key].toFixed(1).padStart(10)}${(before[key] / after[key]).toFixed(1).padStart(8)}`);
    }
  } finally {
    await db.end();
  }
}

// Alone: its own database and server.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const bench = await benchServer({ name: "vitrine_bench_search" });
  try {
    await adminSearch({ base: bench.base, dbUrl: bench.dbUrl, cookie: bench.cookie, username: "bench", line: console.log });
  } finally {
    await bench.stop();
  }
}
