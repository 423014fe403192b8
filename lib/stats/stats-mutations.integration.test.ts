import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { seedLinks } from "@/tests/helpers/links";
import { deleteStatsInBatches } from "./stats-mutations";

// Account deletion's first step: every daily row of the owner's page and
// links, a short statement at a time; nothing else of the owner or of anyone
// else.

it("deletes every daily row of the owner's page and links, and nothing else", async () => {
  const { user } = await signedInUser({ username: "muitos_links" });
  const other = await signedInUser({ username: "vizinha" });
  const links = await seedLinks(user.id, 60); // three groups of statements
  const [theirs] = await seedLinks(other.user.id, 1);
  const ids = [...links.map((l) => l.id), theirs!.id];
  await db.$executeRaw`INSERT INTO "DailyLinkStat" ("linkId", "day", "clicks")
    SELECT l, DATE '2026-11-01' - d, 1 FROM unnest(${ids}::text[]) l, generate_series(0, 99) d`;
  await db.$executeRaw`INSERT INTO "DailyLinkSourceStat" ("linkId", "day", "source", "clicks")
    SELECT l, DATE '2026-11-01' - d, s, 1 FROM unnest(${ids}::text[]) l, generate_series(0, 99) d, unnest(ARRAY['direct', 'instagram']) s`;
  for (const pageId of [user.id, other.user.id]) {
    await db.$executeRaw`INSERT INTO "DailyProfileStat" ("pageId", "day", "views", "visitors", "clicks")
      SELECT ${pageId}, DATE '2026-11-01' - d, 2, 1, 1 FROM generate_series(0, 99) d`;
    await db.$executeRaw`INSERT INTO "DailyBreakdownStat" ("pageId", "day", "kind", "value", "views", "clicks")
      SELECT ${pageId}, DATE '2026-11-01' - d, 'device', 'mobile', 2, 1 FROM generate_series(0, 99) d`;
    await db.dailyVisitorMark.create({ data: { pageId, day: new Date("2026-11-01T00:00:00Z"), hash: `h-${pageId}` } });
  }

  // 60 × 100 + 60 × 200 link rows, 100 + 100 + 1 of the page's.
  expect(await deleteStatsInBatches(user.id)).toBe(6_000 + 12_000 + 201);
  const mine = { link: { pageId: user.id } };
  expect([await db.dailyLinkStat.count({ where: mine }), await db.dailyLinkSourceStat.count({ where: mine })]).toEqual([0, 0]);
  expect(await db.dailyProfileStat.count({ where: { pageId: user.id } })).toBe(0);
  expect(await db.dailyBreakdownStat.count({ where: { pageId: user.id } })).toBe(0);
  expect(await db.dailyVisitorMark.count({ where: { pageId: user.id } })).toBe(0);
  // The owner and their links stay (the account's own transaction deletes them); the neighbour keeps everything.
  expect(await db.link.count({ where: { pageId: user.id } })).toBe(60);
  const theirsLeft = { link: { pageId: other.user.id } };
  expect([await db.dailyLinkStat.count({ where: theirsLeft }), await db.dailyLinkSourceStat.count({ where: theirsLeft })]).toEqual([100, 200]);
  expect(await db.dailyProfileStat.count({ where: { pageId: other.user.id } })).toBe(100);
  expect(await db.dailyBreakdownStat.count({ where: { pageId: other.user.id } })).toBe(100);
  expect(await db.dailyVisitorMark.count({ where: { pageId: other.user.id } })).toBe(1);
});
