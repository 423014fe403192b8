import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { runDueJobs } from "@/lib/startup/app-jobs";
import { createUser } from "@/tests/factories";
import { seedLinks } from "@/tests/helpers/links";
import { storeCounts, type CountRequest } from "./count-store";
import { addMonths, listPartitions, partitionName, PARTITIONED_TABLES } from "./partitions";
import { enforceRetention } from "./retention";
import { saoPauloDay } from "@/lib/dates/sao-paulo-days";
import { ownerInsights } from "./stats-queries";

// The monthly partitions of DailyLinkStat, DailyLinkSourceStat and
// DailyBreakdownStat (lib/stats/partitions.ts): where counts land, a count
// for a month with no partition, the jobs making them ahead, and retention by
// the month.

async function countable() {
  const user = await createUser();
  const [link] = await seedLinks(user.id, 1);
  return { pageId: user.id, linkId: link!.id };
}

const click = (linkId: string, day: string, n = 0): CountRequest => ({
  kind: "click",
  target: linkId,
  viewerPages: [],
  client: `203.0.113.${n}`,
  day,
  source: "instagram",
  device: "mobile",
  country: "BR",
  visitor: `visitor-${n}`,
  id: null,
});

/** Each table's rows as (partition, day, count) . */
async function placed() {
  return db.$queryRawUnsafe<{ part: string; day: string; n: number }[]>(
    PARTITIONED_TABLES.map(
      (t) => `SELECT tableoid::regclass::text AS part, to_char("day", 'YYYY-MM-DD') AS day, count(*)::int AS n FROM "${t}" GROUP BY 1, 2`,
    ).join(" UNION ALL ") + " ORDER BY 1, 2",
  );
}

async function withRetention<T>(days: number, fn: () => Promise<T>): Promise<T> {
  process.env.STATS_RETENTION_DAYS = String(days);
  resetEnvCache();
  try {
    return await fn();
  } finally {
    delete process.env.STATS_RETENTION_DAYS;
    resetEnvCache();
  }
}

const quoted = (name: string) => `"${name}"`;

it("puts a count at São Paulo's last minute of a month in that month's partition, and one a second later in the next", async () => {
  const { linkId } = await countable();
  // 2026-12-01 02:59:59 UTC is 23:59:59 on 30 November in São Paulo.
  const lastOfNovember = saoPauloDay(new Date("2026-12-01T02:59:59Z"));
  const firstOfDecember = saoPauloDay(new Date("2026-12-01T03:00:00Z"));
  expect([lastOfNovember, firstOfDecember]).toEqual(["2026-11-30", "2026-12-01"]);
  await db.$executeRaw`SELECT "vitrine_stats_partitions"(${lastOfNovember}::date, ${firstOfDecember}::date)`;
  const outcomes = await storeCounts([click(linkId, lastOfNovember, 1), click(linkId, firstOfDecember, 2)]);
  expect(outcomes.map((o) => o.status)).toEqual(["counted", "counted"]);
  expect(await placed()).toEqual(
    [
      ["DailyBreakdownStat_p202611", "2026-11-30", 3],
      ["DailyBreakdownStat_p202612", "2026-12-01", 3],
      ["DailyLinkSourceStat_p202611", "2026-11-30", 1],
      ["DailyLinkSourceStat_p202612", "2026-12-01", 1],
      ["DailyLinkStat_p202611", "2026-11-30", 1],
      ["DailyLinkStat_p202612", "2026-12-01", 1],
    ].map(([part, day, n]) => ({ part: quoted(part as string), day, n })),
  );
});

it("stores a count for a day whose month has no partition yet, making it", async () => {
  const { pageId, linkId } = await countable();
  const day = "2031-03-15"; // past the months every test starts with (tests/db.ts)
  for (const table of PARTITIONED_TABLES) await db.$executeRawUnsafe(`DROP TABLE IF EXISTS "${partitionName(table, day)}"`);
  expect((await listPartitions()).filter((p) => p.from === "2031-03-01")).toEqual([]);

  // Groups of counts on several connections at once (on PostgreSQL), each finding the month without its partition.
  const groups = await Promise.all([0, 1, 2].map((g) => storeCounts([click(linkId, day, 2 * g), click(linkId, day, 2 * g + 1)])));
  expect(groups.flat().map((o) => o.status)).toEqual(Array(6).fill("counted"));
  expect(await db.dailyLinkStat.findMany({ select: { day: true, clicks: true } })).toEqual([{ day: new Date(`${day}T00:00:00Z`), clicks: 6 }]);
  expect(await db.dailyLinkSourceStat.aggregate({ _sum: { clicks: true } })).toEqual({ _sum: { clicks: 6 } });
  expect(await db.dailyBreakdownStat.count({ where: { pageId, day: new Date(`${day}T00:00:00Z`) } })).toBe(3);
  expect((await db.dailyProfileStat.findFirstOrThrow({ where: { pageId } })).clicks).toBe(6);
  expect(
    (await listPartitions())
      .filter((p) => p.from === "2031-03-01")
      .map((p) => p.name)
      .sort(),
  ).toEqual(PARTITIONED_TABLES.map((t) => `${t}_p203103`).sort());
});

it("makes this month's partitions and the next two from the jobs (the list both runtimes run)", async () => {
  const now = new Date("2031-06-10T12:00:00Z");
  const months = ["2031-06-01", "2031-07-01", "2031-08-01"];
  for (const month of months) for (const table of PARTITIONED_TABLES) await db.$executeRawUnsafe(`DROP TABLE IF EXISTS "${partitionName(table, month)}"`);
  await withRetention(36_500, () => runDueJobs({ now, deadlineMs: 60_000 }));
  const made = (await listPartitions()).filter((p) => months.includes(p.from));
  expect(made).toHaveLength(9);
  for (const p of made) expect(p.to).toBe(addMonths(p.from, 1));
  // Nothing beyond two months ahead.
  expect((await listPartitions()).some((p) => p.from === "2031-09-01")).toBe(false);
});

describe("retention by the month", () => {
  /** One row a day in each table (and the page's), from `first` to `last`, 2 views and 1 click. */
  async function seedDays(pageId: string, linkId: string, first: string, last: string) {
    await db.$executeRaw`SELECT "vitrine_stats_partitions"(${first}::date, ${last}::date)`;
    await db.$executeRaw`INSERT INTO "DailyProfileStat" ("pageId", "day", "views", "visitors", "clicks")
      SELECT ${pageId}, d::date, 2, 1, 1 FROM generate_series(${first}::date, ${last}::date, interval '1 day') d`;
    await db.$executeRaw`INSERT INTO "DailyBreakdownStat" ("pageId", "day", "kind", "value", "views", "clicks")
      SELECT ${pageId}, d::date, 'source', 'direct', 2, 1 FROM generate_series(${first}::date, ${last}::date, interval '1 day') d`;
    await db.$executeRaw`INSERT INTO "DailyLinkStat" ("linkId", "day", "clicks")
      SELECT ${linkId}, d::date, 1 FROM generate_series(${first}::date, ${last}::date, interval '1 day') d`;
    await db.$executeRaw`INSERT INTO "DailyLinkSourceStat" ("linkId", "day", "source", "clicks")
      SELECT ${linkId}, d::date, 'direct', 1 FROM generate_series(${first}::date, ${last}::date, interval '1 day') d`;
  }

  async function keptDays() {
    const days = await db.$queryRawUnsafe<{ t: string; first: string; last: string; n: number }[]>(
      [...PARTITIONED_TABLES, "DailyProfileStat"]
        .map((t) => `SELECT '${t}' AS t, to_char(min("day"), 'YYYY-MM-DD') AS first, to_char(max("day"), 'YYYY-MM-DD') AS last, count(*)::int AS n FROM "${t}"`)
        .join(" UNION ALL "),
    );
    return Object.fromEntries(days.map((d) => [d.t, [d.first, d.last, d.n]]));
  }

  async function platformFigures() {
    const [row] = await db.$queryRaw<{ views: number; clicks: number; dviews: number; dclicks: number }[]>`
      SELECT (SELECT coalesce(sum("value"), 0)::int FROM "PlatformCounter" WHERE "name" LIKE 'views:%') AS views,
             (SELECT coalesce(sum("value"), 0)::int FROM "PlatformCounter" WHERE "name" LIKE 'clicks:%') AS clicks,
             (SELECT coalesce(sum("views"), 0)::int FROM "DailyProfileStat") AS dviews,
             (SELECT coalesce(sum("clicks"), 0)::int FROM "DailyProfileStat") AS dclicks`;
    return row!;
  }

  it("removes exactly the days past the window when it begins inside a month: older months dropped, the boundary month's days deleted", async () => {
    const { pageId, linkId } = await countable();
    await seedDays(pageId, linkId, "2026-07-15", "2026-11-28");
    const now = new Date("2026-11-28T15:00:00Z"); // São Paulo day 2026-11-28
    const answers = await ownerInsights(pageId, 30);
    const result = await withRetention(40, () => enforceRetention(now));
    expect(result.ran).toBe(true);
    // 2026-11-28 and the 39 days before it: from 20 October.
    const kept = ["2026-10-20", "2026-11-28", 40];
    expect(await keptDays()).toEqual({ DailyLinkStat: kept, DailyLinkSourceStat: kept, DailyBreakdownStat: kept, DailyProfileStat: kept });
    const left = (await listPartitions()).filter((p) => p.from >= "2026-06-01" && p.from <= "2026-11-01").map((p) => p.name);
    for (const month of ["202607", "202608", "202609"]) expect(left.filter((n) => n.endsWith(`_p${month}`))).toEqual([]);
    expect(left.filter((n) => n.endsWith("_p202610"))).toHaveLength(3);
    // Nothing earlier than the window remains in any partition.
    expect(await db.dailyLinkStat.count({ where: { day: { lt: new Date("2026-10-20T00:00:00Z") } } })).toBe(0);
    // The platform's counters still add up to what the page's days hold; the page's answers are unchanged.
    const figures = await platformFigures();
    expect([figures.views, figures.clicks]).toEqual([figures.dviews, figures.dclicks]);
    expect(figures.dviews).toBe(80);
    expect(await ownerInsights(pageId, 30)).toEqual(answers);
  });

  it("follows São Paulo's day: at 23:59 on 30 November a window of 30 days keeps November whole; a minute later 1 November goes", async () => {
    const { pageId, linkId } = await countable();
    await seedDays(pageId, linkId, "2026-09-20", "2026-12-01");
    await withRetention(30, () => enforceRetention(new Date("2026-12-01T02:59:00Z")));
    // The window is 1–30 November: October and September are dropped whole, nothing deleted row by row.
    expect((await keptDays()).DailyLinkStat).toEqual(["2026-11-01", "2026-12-01", 31]);
    expect((await listPartitions()).some((p) => p.from === "2026-10-01")).toBe(false);
    await withRetention(30, () => enforceRetention(new Date("2026-12-01T03:00:00Z")));
    const kept = ["2026-11-02", "2026-12-01", 30];
    expect(await keptDays()).toEqual({ DailyLinkStat: kept, DailyLinkSourceStat: kept, DailyBreakdownStat: kept, DailyProfileStat: kept });
    const figures = await platformFigures();
    expect([figures.views, figures.clicks]).toEqual([figures.dviews, figures.dclicks]);
  });
});
