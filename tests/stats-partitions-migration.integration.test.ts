import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { disconnectDatabase } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { linkInsights, ownerInsights, ownerSummary } from "@/lib/stats/stats-queries";
import { cli, copyPrismaDir, freshTarget } from "./helpers/migration-target";

// The statistics partitions migration (20261128094800_stats_monthly_partitions)
// on a database of the previous schema, seeded with months of statistics: every
// row is kept, each in its month's partition, the owner's statistics answer
// exactly as before (that the migrations build the schema the app declares,
// this one included, is tests/migrations.integration.test.ts's check).

const PARTITIONS_MIGRATION = "20261128094800_stats_monthly_partitions";
const TABLES = ["DailyLinkStat", "DailyLinkSourceStat", "DailyBreakdownStat"];

/**
 * Today's statistics also read each day's sales (sixth release), a table the
 * schema before the partitions did not have: for the "before" reading it is
 * made empty, exactly as its own later migration makes it, and dropped again
 * before the migrations run.
 */
const SALES_TABLE = (() => {
  const dir = path.join(process.cwd(), "prisma", "migrations");
  const sql = readdirSync(dir)
    .filter((name) => /^\d{14}_/.test(name))
    .map((name) => readFileSync(path.join(dir, name, "migration.sql"), "utf8"))
    .join("\n");
  const create = /CREATE TABLE "DailySalesStat" \([\s\S]*?\n\);/.exec(sql)?.[0];
  if (!create) throw new Error('no migration creates "DailySalesStat"');
  return create;
})();

type Target = Awaited<ReturnType<typeof freshTarget>>;

/** Runs `fn` with the app's own database module opened on `target` (then back on the test's database). */
async function onTarget<T>(target: Target, fn: () => Promise<T>): Promise<T> {
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  // The app's module opens the directory itself, in this process: the target's own handle lets go first.
  await target.release();
  await disconnectDatabase();
  Object.assign(process.env, target.env);
  resetEnvCache();
  try {
    return await fn();
  } finally {
    await disconnectDatabase();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
  }
}

/** What the owner sees: statistics of 7, 30 and 90 days, the dashboard's card, each link's. */
const answers = () =>
  Promise.all([
    ...([7, 30, 90] as const).map((days) => ownerInsights("p_ana", days)),
    ownerSummary("p_ana", 30),
    ...["l_1", "l_2"].flatMap((id) => ([7, 90] as const).map((days) => linkInsights("p_ana", id, days))),
  ]);

/** Each table's rows, as counts, sums and an md5 of every row in key order. */
const fingerprint = (target: Target) =>
  target.query(
    TABLES.map((t) => `SELECT '${t}' AS t, count(*)::int AS n, md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS digest FROM "${t}" r`).join(
      " UNION ALL ",
    ) + " ORDER BY 1",
  );

describe("the statistics partitions migration", () => {
  jest.setTimeout(180_000);

  it("keeps every row in its month's partition, and answers the owner's statistics exactly as before", async () => {
    const before = copyPrismaDir();
    for (const name of readdirSync(path.join(before, "migrations"))) {
      if (/^\d{14}_/.test(name) && name >= PARTITIONS_MIGRATION) rmSync(path.join(before, "migrations", name), { recursive: true });
    }
    const target = await freshTarget();
    try {
      expect((await cli(target.env, ["deploy", "--prisma-dir", before])).ok).toBe(true);
      // Two pages; two links of Ana's over 120 São Paulo days (four months), by source; her page's days and breakdowns.
      await target.query(`
        INSERT INTO "Page" ("id", "username", "name", "updatedAt") VALUES ('p_ana', 'ana', 'Ana', now()), ('p_bia', 'bia', 'Bia', now());
        INSERT INTO "Link" ("id", "pageId", "title", "url", "order", "updatedAt") VALUES
          ('l_1', 'p_ana', 'Loja', 'https://loja.example/', 0, now()), ('l_2', 'p_ana', 'Canal', 'https://canal.example/', 1, now()),
          ('l_3', 'p_bia', 'Blog', 'https://blog.example/', 0, now());
        CREATE TEMP TABLE days AS SELECT ((now() AT TIME ZONE 'America/Sao_Paulo')::date - d) AS day, d FROM generate_series(0, 119) d;
        INSERT INTO "DailyProfileStat" ("pageId", "day", "views", "visitors", "clicks")
          SELECT 'p_ana', day, 10 + d % 7, 5 + d % 3, 3 + d % 5 FROM days;
        INSERT INTO "DailyLinkStat" ("linkId", "day", "clicks")
          SELECT l, day, 1 + (d + length(l)) % 4 FROM days, unnest(ARRAY['l_1', 'l_2', 'l_3']) l WHERE d % 5 <> 2;
        INSERT INTO "DailyLinkSourceStat" ("linkId", "day", "source", "clicks")
          SELECT l, day, s, 1 + d % 3 FROM days, unnest(ARRAY['l_1', 'l_2']) l, unnest(ARRAY['instagram', 'direct']) s WHERE d % 4 <> 1;
        INSERT INTO "DailyBreakdownStat" ("pageId", "day", "kind", "value", "views", "clicks")
          SELECT p, day, k, v, 1 + d % 6, d % 2 FROM days, unnest(ARRAY['p_ana', 'p_bia']) p,
            (VALUES ('source', 'instagram'), ('source', 'direct'), ('device', 'mobile'), ('country', 'BR')) b(k, v);
      `);
      const rows = await fingerprint(target);
      const counters = await target.query(`SELECT "name", "value"::text AS "value" FROM "PlatformCounter" ORDER BY "name"`);
      await target.query(SALES_TABLE);
      const seen = await onTarget(target, answers);
      expect(seen[0]!.clicks).toBeGreaterThan(0);
      await target.query(`DROP TABLE "DailySalesStat"`);

      expect((await cli(target.env, ["deploy", "--prisma-dir", copyPrismaDir()])).ok).toBe(true);

      expect(await fingerprint(target)).toEqual(rows);
      expect(await target.query(`SELECT "name", "value"::text AS "value" FROM "PlatformCounter" ORDER BY "name"`)).toEqual(counters);
      // Partitioned by range on "day", each row in the partition named for its month, no default partition.
      expect(
        await target.query(`SELECT c.relname AS t, p.partstrat AS s FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid ORDER BY 1`),
      ).toEqual(
        TABLES.slice()
          .sort()
          .map((t) => ({ t, s: "r" })),
      );
      expect(await target.query(`SELECT count(*)::int AS n FROM pg_partitioned_table WHERE partdefid <> 0`)).toEqual([{ n: 0 }]);
      expect(
        await target.query(
          TABLES.map((t) => `SELECT count(*)::int AS n FROM "${t}" WHERE tableoid::regclass::text <> '"${t}_p' || to_char("day", 'YYYYMM') || '"'`).join(
            " UNION ALL ",
          ),
        ),
      ).toEqual([{ n: 0 }, { n: 0 }, { n: 0 }]);
      expect(await onTarget(target, answers)).toEqual(seen);

      // Keys and foreign keys hold on the partitioned tables: a link's deletion takes its rows along.
      await target.query(`DELETE FROM "Link" WHERE "id" = 'l_3'`);
      expect(await target.query(`SELECT count(*)::int AS n FROM "DailyLinkStat" WHERE "linkId" = 'l_3'`)).toEqual([{ n: 0 }]);
    } finally {
      await target.close();
    }
  });
});
