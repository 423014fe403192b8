import { GET } from "./route";
import { GET as users } from "@/app/api/admin/users/route";
import { encodeCursor } from "@/lib/lists/keyset";
import { db } from "@/lib/server/db";
import { testDatabase } from "@/tests/db";
import { signedInUser } from "@/tests/factories";
import { getList } from "@/tests/helpers/admin";

// 100,000 pages: a deep page must cost what the first one costs, because the
// cursor starts an index scan instead of skipping rows.

const N = 100_000;
const BASE = "2026-01-01 00:00:00";

/** Row g (1..N) of the seed: three rows share each second, so ties are everywhere. */
const keyOf = (g: number) => ({
  id: `seed${String(g).padStart(6, "0")}`,
  createdAt: new Date(Date.parse(`${BASE.replace(" ", "T")}Z`) - Math.floor(g / 3) * 1000),
});

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const out = await run();
  return [out, performance.now() - start];
}

describe("admin lists at 100,000 rows", () => {
  it("pages from deep cursors as fast as from the top, in order, through the createdAt index", async () => {
    // Each account with its first page (same id, name and createdAt, as registration and the pages migration make them).
    await db.$executeRaw`
      INSERT INTO "User" (id, name, email, "createdAt", "updatedAt")
      SELECT 'seed' || lpad(g::text, 6, '0'), 'Pessoa ' || g, 'p' || g || '@example.com',
             ${BASE}::timestamp - make_interval(secs => floor(g / 3.0)), ${BASE}::timestamp
      FROM generate_series(1, ${N}) AS g`;
    await db.$executeRaw`
      INSERT INTO "Page" (id, username, name, "createdAt", "updatedAt")
      SELECT id, 'p' || substr(id, 5)::int, name, "createdAt", "updatedAt" FROM "User" WHERE id LIKE 'seed%'`;
    await db.$executeRaw`
      INSERT INTO "PageMember" ("pageId", "userId", role, "createdAt")
      SELECT id, id, 'owner', "createdAt" FROM "User" WHERE id LIKE 'seed%'`;
    await db.$executeRaw`ANALYZE "User"`;
    await db.$executeRaw`ANALYZE "Page"`;
    await db.$executeRaw`ANALYZE "PageMember"`;
    const admin = await signedInUser({ isAdmin: true }); // the newest row
    expect(await db.user.count()).toBe(N + 1);
    expect(await db.page.count()).toBe(N + 1);

    // Warm up, then time the top and a page 99.9% of the way down.
    await getList(GET, "/api/admin/pages", admin.cookie);
    const [top, topMs] = await timed(() => getList<{ id: string }>(GET, "/api/admin/pages?limit=100", admin.cookie));
    expect(top.rows).toHaveLength(100);
    expect(top.rows[0]!.id).toBe(admin.user.id);

    // Seed ids sort newest first as (createdAt desc, id desc): within a second the larger g comes first.
    const order = Array.from({ length: N }, (_, i) => i + 1).sort((x, y) => {
      const dx = Math.floor(x / 3);
      const dy = Math.floor(y / 3);
      return dx === dy ? y - x : dx - dy;
    });
    const from = N - 250;
    const cursor = encodeCursor(keyOf(order[from]!));
    const [deep, deepMs] = await timed(() => getList<{ id: string }>(GET, `/api/admin/pages?limit=100&cursor=${cursor}`, admin.cookie));
    expect(deep.rows.map((r) => r.id)).toEqual(order.slice(from + 1, from + 101).map((g) => keyOf(g).id));

    // Follow the next cursors to the very end: nothing missed, nothing repeated.
    const ids = [...deep.rows.map((r) => r.id)];
    let next = deep.next;
    while (next) {
      const page = await getList<{ id: string }>(GET, `/api/admin/pages?limit=100&cursor=${next}`, admin.cookie);
      ids.push(...page.rows.map((r) => r.id));
      next = page.next;
    }
    expect(ids).toEqual(order.slice(from + 1).map((g) => keyOf(g).id));

    const [userPage, usersMs] = await timed(() => getList(users, `/api/admin/users?limit=100&cursor=${cursor}`, admin.cookie));
    expect(userPage.rows).toHaveLength(100);
    const [search, searchMs] = await timed(() => getList(GET, "/api/admin/pages?q=pessoa%2099999", admin.cookie));
    expect(search.rows).toHaveLength(1);
    // A word every seeded name has (a common search): walked newest first, page after page, in order.
    const common = await getList<{ id: string }>(GET, "/api/admin/pages?q=pessoa&limit=100", admin.cookie);
    expect(common.rows.map((r) => r.id)).toEqual(order.slice(0, 100).map((g) => keyOf(g).id));
    const commonNext = await getList<{ id: string }>(GET, `/api/admin/pages?q=pessoa&limit=100&cursor=${common.next}`, admin.cookie);
    expect(commonNext.rows.map((r) => r.id)).toEqual(order.slice(100, 200).map((g) => keyOf(g).id));
    // 111 matches (p999, p9990..p9999, p99900..p99999 by their page's username), under the common bound: through the index, in order.
    const matching = order.filter((g) => `p${g}`.includes("p999")).map((g) => keyOf(g).id);
    expect(matching).toHaveLength(111);
    const rare = await getList<{ id: string }>(users, "/api/admin/users?q=%40p999&limit=100", admin.cookie);
    expect(rare.rows.map((r) => r.id)).toEqual(matching.slice(0, 100));
    const rareNext = await getList<{ id: string }>(users, `/api/admin/users?q=%40p999&limit=100&cursor=${rare.next}`, admin.cookie);
    expect(rareNext.rows.map((r) => r.id)).toEqual(matching.slice(100));

    // A rare search of pages too (by name and username through Page's trigram indexes).
    const rarePages = await getList<{ id: string }>(GET, "/api/admin/pages?q=%40p999&limit=100", admin.cookie);
    expect(rarePages.rows.map((r) => r.id)).toEqual(matching.slice(0, 100));

    // The shape of the query listPages sends (see lib/lists/keyset.ts afterCursor).
    const plan = await db.$queryRaw<{ "QUERY PLAN": string }[]>`
      EXPLAIN SELECT id, name, username, "active", "createdAt" FROM "Page"
      WHERE "createdAt" <= '2025-12-31 12:00:00'::timestamp
        AND ("createdAt" < '2025-12-31 12:00:00'::timestamp OR id < 'seed050000')
      ORDER BY "createdAt" DESC, id DESC LIMIT 101`;
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toMatch(/Index Scan Backward using "Page_createdAt_idx"/);
    expect(text).toMatch(/Index Cond: \("createdAt" <= /);
    expect(text).not.toMatch(/Seq Scan/);

    console.log(JSON.stringify({ database: testDatabase(), topMs, deepMs, usersMs, searchMs }));
    // Generous bounds (CI machines are slow); the deep page must not scale with its depth.
    expect(deepMs).toBeLessThan(Math.max(10 * topMs, 1500));
    expect(usersMs).toBeLessThan(Math.max(10 * topMs, 1500));
  }, 60_000);
});
