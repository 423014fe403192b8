import { getAdminStats } from "./admin-stats";
import { db } from "@/lib/server/db";
import { resetStats } from "@/lib/stats/stats-mutations";

// The overview's totals are kept as rows by triggers (PlatformCounter); after
// every kind of write that changes them they equal a real count of the tables.

async function counted() {
  const [users, activePages, links, sums] = await Promise.all([
    db.user.count(),
    db.user.count({ where: { pageActive: true } }),
    db.link.count({ where: { kind: "link" } }),
    db.dailyProfileStat.aggregate({ _sum: { views: true, clicks: true } }),
  ]);
  return { totalUsers: users, activePages, totalLinks: links, totalProfileViews: sums._sum.views ?? 0, totalLinkClicks: sums._sum.clicks ?? 0 };
}

async function expectCountersExact() {
  const { totalUsers, activePages, totalLinks, totalProfileViews, totalLinkClicks } = await getAdminStats();
  expect({ totalUsers, activePages, totalLinks, totalProfileViews, totalLinkClicks }).toEqual(await counted());
}

let seq = 0;
const newUser = (pageActive = true) => {
  seq += 1;
  return db.user.create({ data: { name: `Pessoa ${seq}`, username: `pc_${seq}`, email: `pc${seq}@example.com`, pageActive } });
};
const day = (d: string) => new Date(`${d}T00:00:00Z`);

it("stay equal to a real count through sign-ups, links, counts, deactivation, retention, a reset and a deletion", async () => {
  await expectCountersExact();
  const a = await newUser();
  const b = await newUser(false);
  const c = await newUser();
  await expectCountersExact();

  await db.link.createMany({
    data: [
      { userId: a.id, title: "Um", url: "https://um.example", order: 0 },
      { userId: a.id, title: "Seção", url: "", kind: "header", order: 1 },
      { userId: b.id, title: "Dois", url: "https://dois.example", order: 0 },
      { userId: c.id, title: "Três", url: "https://tres.example", order: 0 },
    ],
  });
  await expectCountersExact();
  // A link turned into a section title and back, and one deleted.
  await db.link.updateMany({ where: { userId: b.id }, data: { kind: "header" } });
  await expectCountersExact();
  await db.link.updateMany({ where: { userId: b.id }, data: { kind: "link" } });
  await db.link.deleteMany({ where: { userId: c.id } });
  await expectCountersExact();

  // Counts arrive as the count store writes them: inserts, then upserts adding to a day.
  await db.dailyProfileStat.createMany({ data: [{ userId: a.id, day: day("2026-01-01"), views: 5, clicks: 2 }, { userId: c.id, day: day("2025-01-01"), views: 9, clicks: 1 }] });
  await db.$executeRaw`
    INSERT INTO "DailyProfileStat" ("userId", "day", "views", "visitors", "clicks")
    VALUES (${a.id}, '2026-01-01', 3, 1, 4), (${b.id}, '2026-01-02', 2, 1, 0)
    ON CONFLICT ("userId", "day") DO UPDATE SET "views" = "DailyProfileStat"."views" + EXCLUDED."views",
      "clicks" = "DailyProfileStat"."clicks" + EXCLUDED."clicks"`;
  await expectCountersExact();

  await db.user.update({ where: { id: a.id }, data: { pageActive: false } });
  await db.user.update({ where: { id: b.id }, data: { pageActive: true, name: "Outro nome" } });
  await expectCountersExact();

  // Retention deletes old days; an owner resets their statistics.
  await db.dailyProfileStat.deleteMany({ where: { day: { lt: day("2025-06-01") } } });
  await expectCountersExact();
  await resetStats(b.id);
  await expectCountersExact();

  // Deleting an account takes its links and statistics with it (cascades).
  await db.user.delete({ where: { id: a.id } });
  await expectCountersExact();
  expect(await getAdminStats()).toMatchObject({ totalUsers: 2, activePages: 2, totalLinks: 1, totalProfileViews: 0, totalLinkClicks: 0 });
});
