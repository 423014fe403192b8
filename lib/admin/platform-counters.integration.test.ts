import { getAdminStats } from "./admin-stats";
import { db } from "@/lib/server/db";
import { enforceRetention } from "@/lib/stats/retention";
import { resetStats } from "@/lib/stats/stats-mutations";

// The overview's totals are kept as rows by triggers (PlatformCounter); after
// every kind of write that changes them they equal a real count of the tables.

async function counted() {
  const [users, pages, activePages, links, sums] = await Promise.all([
    db.user.count(),
    db.page.count(),
    db.page.count({ where: { active: true } }),
    db.link.count({ where: { kind: "link" } }),
    db.dailyProfileStat.aggregate({ _sum: { views: true, clicks: true } }),
  ]);
  return {
    totalUsers: users,
    totalPages: pages,
    activePages,
    totalLinks: links,
    totalProfileViews: sums._sum.views ?? 0,
    totalLinkClicks: sums._sum.clicks ?? 0,
  };
}

/** Per day: the sign-ups (São Paulo day of createdAt), views and clicks the tables hold, days with none left out. */
async function countedByDay() {
  const rows = await db.$queryRaw<{ day: string; signups: number; views: number; clicks: number }[]>`
    SELECT to_char("day", 'YYYY-MM-DD') AS "day", sum("signups")::int AS "signups", sum("views")::int AS "views", sum("clicks")::int AS "clicks"
    FROM (
      SELECT "day", 0 AS "signups", "views", "clicks" FROM "DailyProfileStat"
      UNION ALL
      SELECT (("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date, 1, 0, 0 FROM "User"
    ) t GROUP BY 1 ORDER BY 1`;
  return rows.filter((r) => r.signups || r.views || r.clicks);
}

/** The same from PlatformDailyStat, its shards added up. */
async function keptByDay() {
  const rows = await db.platformDailyStat.groupBy({ by: ["day"], _sum: { signups: true, views: true, clicks: true }, orderBy: { day: "asc" } });
  return rows
    .map((r) => ({ day: r.day.toISOString().slice(0, 10), signups: r._sum.signups ?? 0, views: Number(r._sum.views ?? 0), clicks: Number(r._sum.clicks ?? 0) }))
    .filter((r) => r.signups || r.views || r.clicks);
}

async function expectCountersExact() {
  const { totalUsers, totalPages, activePages, totalLinks, totalProfileViews, totalLinkClicks } = await getAdminStats();
  expect({ totalUsers, totalPages, activePages, totalLinks, totalProfileViews, totalLinkClicks }).toEqual(await counted());
  expect(await keptByDay()).toEqual(await countedByDay());
}

let seq = 0;
/** An account and its first page (same id), as registration makes them. */
const newUser = async (pageActive = true, createdAt?: Date) => {
  seq += 1;
  const user = await db.user.create({ data: { name: `Pessoa ${seq}`, email: `pc${seq}@example.com`, ...(createdAt ? { createdAt } : {}) } });
  await db.page.create({
    data: { id: user.id, username: `pc_${seq}`, name: user.name, active: pageActive, members: { create: { userId: user.id, role: "owner" } } },
  });
  return user;
};
/** What deleting an account the only owner of its page does to the counted tables (lib/account-data/delete-account.ts). */
const deleteAccount = async (id: string) => {
  await db.page.deleteMany({ where: { id } });
  await db.user.delete({ where: { id } });
};
const day = (d: string) => new Date(`${d}T00:00:00Z`);

it("stay equal to a real count through sign-ups, links, counts, deactivation, retention, a reset and a deletion", async () => {
  await expectCountersExact();
  const a = await newUser();
  const b = await newUser(false);
  const c = await newUser();
  // 23:30 on 9 March in São Paulo (02:30 UTC on the 10th), and a sign-up in a group of two.
  const late = await newUser(true, new Date("2026-03-10T02:30:00Z"));
  await db.user.createMany({
    data: [1, 2].map((n) => ({ name: `Lote ${n}`, email: `lote${n}@example.com`, createdAt: new Date("2026-03-10T03:00:00Z") })),
  });
  await expectCountersExact();
  expect((await keptByDay()).filter((r) => r.day.startsWith("2026-03"))).toEqual([
    { day: "2026-03-09", signups: 1, views: 0, clicks: 0 },
    { day: "2026-03-10", signups: 2, views: 0, clicks: 0 },
  ]);
  await deleteAccount(late.id);
  await db.user.deleteMany({ where: { email: { startsWith: "lote" } } });
  await expectCountersExact();

  await db.link.createMany({
    data: [
      { pageId: a.id, title: "Um", url: "https://um.example", order: 0 },
      { pageId: a.id, title: "Seção", url: "", kind: "header", order: 1 },
      { pageId: b.id, title: "Dois", url: "https://dois.example", order: 0 },
      { pageId: c.id, title: "Três", url: "https://tres.example", order: 0 },
    ],
  });
  await expectCountersExact();
  // A link turned into a section title and back, and one deleted.
  await db.link.updateMany({ where: { pageId: b.id }, data: { kind: "header" } });
  await expectCountersExact();
  await db.link.updateMany({ where: { pageId: b.id }, data: { kind: "link" } });
  await db.link.deleteMany({ where: { pageId: c.id } });
  await expectCountersExact();

  // Counts arrive as the count store writes them: inserts, then upserts adding to a day.
  await db.dailyProfileStat.createMany({
    data: [
      { pageId: a.id, day: day("2026-01-01"), views: 5, clicks: 2 },
      { pageId: c.id, day: day("2025-01-01"), views: 9, clicks: 1 },
    ],
  });
  await db.$executeRaw`
    INSERT INTO "DailyProfileStat" ("pageId", "day", "views", "visitors", "clicks")
    VALUES (${a.id}, '2026-01-01', 3, 1, 4), (${b.id}, '2026-01-02', 2, 1, 0)
    ON CONFLICT ("pageId", "day") DO UPDATE SET "views" = "DailyProfileStat"."views" + EXCLUDED."views",
      "clicks" = "DailyProfileStat"."clicks" + EXCLUDED."clicks"`;
  await expectCountersExact();

  await db.page.update({ where: { id: a.id }, data: { active: false } });
  await db.page.update({ where: { id: b.id }, data: { active: true, name: "Outro nome" } });
  await expectCountersExact();
  // An account's second page is one more page (active or not), not one more account.
  await db.page.create({ data: { username: "pc_segunda", name: "Loja", members: { create: { userId: c.id, role: "owner" } } } });
  await db.page.create({ data: { username: "pc_terceira", name: "Off", active: false, members: { create: { userId: c.id, role: "owner" } } } });
  await expectCountersExact();
  await db.page.deleteMany({ where: { username: { in: ["pc_segunda", "pc_terceira"] } } });
  await expectCountersExact();

  // Retention deletes old days; an owner resets their statistics.
  // (The retention job itself: its last table is PlatformDailyStat, whose rows of those days go too.)
  expect(await db.platformDailyStat.count({ where: { day: day("2025-01-01") } })).toBeGreaterThan(0);
  expect((await enforceRetention()).deleted).toBeGreaterThan(0);
  await expectCountersExact();
  expect(await db.dailyProfileStat.count({ where: { day: { lt: day("2025-06-01") } } })).toBe(0);
  expect(await db.platformDailyStat.count({ where: { day: { lt: day("2025-06-01") } } })).toBe(0);
  await resetStats(b.id);
  await expectCountersExact();

  // Deleting an account (and the page it alone owns) takes its links and statistics with it (cascades).
  await deleteAccount(a.id);
  await expectCountersExact();
  expect(await getAdminStats()).toMatchObject({ totalUsers: 2, totalPages: 2, activePages: 2, totalLinks: 1, totalProfileViews: 0, totalLinkClicks: 0 });
});
