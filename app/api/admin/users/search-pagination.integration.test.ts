import { GET } from "./route";
import { GET as pages } from "@/app/api/admin/pages/route";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { walkList } from "@/tests/helpers/admin";

// A search pages through its matches newest first, each once, whichever way a
// page of it is found (lib/admin/admin-queries.ts, searchedIds): walked on the
// newest-first index where the word is common (one account in three among
// the newest thousand), through the trigram indexes where it is rare (one in
// 97 further down), and for a word under three characters.

const N = 3_000;
const BASE = "2026-01-01 00:00:00";

/** Every row the search should list, newest first, by brute force. */
async function expectedUsers(term: string) {
  const like = `%${term}%`;
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT u."id" FROM "User" u
    WHERE u."name" ILIKE ${like} OR u."email" LIKE ${like}
       OR EXISTS (SELECT 1 FROM "PageMember" m JOIN "Page" p ON p."id" = m."pageId" WHERE m."userId" = u."id" AND p."username" LIKE ${like})
    ORDER BY u."createdAt" DESC, u."id" DESC`;
  return rows.map((r) => r.id);
}

async function expectedPages(term: string) {
  const like = `%${term}%`;
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Page" WHERE "name" ILIKE ${like} OR "username" LIKE ${like} ORDER BY "createdAt" DESC, "id" DESC`;
  return rows.map((r) => r.id);
}

describe("admin search, page after page", () => {
  it("lists every match once, newest first, across the common and the rare part of a word and for a short word", async () => {
    // Two accounts share each second (ties); the newest thousand are g = 1..1000.
    await db.$executeRaw`
      INSERT INTO "User" ("id", "name", "email", "createdAt", "updatedAt")
      SELECT 'srch' || lpad(g::text, 5, '0'),
             CASE WHEN (g <= 1000 AND g % 3 = 0) OR g % 97 = 0 THEN 'Mariana ' || g ELSE 'Pessoa ' || g END,
             CASE WHEN g % 400 = 11 THEN 'mariana' || g ELSE 's' || g END || '@example.com',
             ${BASE}::timestamp - make_interval(secs => floor(g / 2.0)), ${BASE}::timestamp
      FROM generate_series(1, ${N}) AS g`;
    // Each account's first page; every 500th also an editor of a page named by its username only.
    await db.$executeRaw`
      INSERT INTO "Page" ("id", "username", "name", "createdAt", "updatedAt")
      SELECT "id", 'sr' || substr("id", 5)::int, "name", "createdAt", "updatedAt" FROM "User" WHERE "id" LIKE 'srch%'
      UNION ALL
      SELECT 'srpg' || lpad(g::text, 5, '0'), 'mariana_' || g, 'Loja ' || g,
             ${BASE}::timestamp - make_interval(secs => floor(g / 2.0) + 0.5), ${BASE}::timestamp
      FROM generate_series(1, ${N}) AS g WHERE g % 500 = 7`;
    await db.$executeRaw`
      INSERT INTO "PageMember" ("pageId", "userId", "role", "createdAt")
      SELECT "id", "id", 'owner', "createdAt" FROM "User" WHERE "id" LIKE 'srch%'
      UNION ALL
      SELECT 'srpg' || lpad(g::text, 5, '0'), 'srch' || lpad(g::text, 5, '0'), 'editor', ${BASE}::timestamp
      FROM generate_series(1, ${N}) AS g WHERE g % 500 = 7`;
    await db.$executeRaw`ANALYZE "User"`;
    await db.$executeRaw`ANALYZE "Page"`;
    await db.$executeRaw`ANALYZE "PageMember"`;
    const { cookie } = await signedInUser({ isAdmin: true, name: "Chefe", username: "chefe_admin", email: "chefe@example.com" });

    const users = await expectedUsers("mariana");
    // The common part (333 of the newest thousand), the rare part (one in 97), e-mails and managed pages.
    expect(users.length).toBeGreaterThan(333 + 20);
    expect(users).toEqual(expect.arrayContaining(["srch00007", "srch01007", "srch00811", "srch01211"]));
    const walked = await walkList<{ id: string }>(GET, "/api/admin/users?q=Mariana&limit=50", cookie);
    expect(walked.seen.map((r) => r.id)).toEqual(users);
    expect(walked.requests).toBe(Math.ceil(users.length / 50));

    // By a page's username only (with or without "@"): the editors of 'mariana_507', 'mariana_1007', ….
    const byHandle = await walkList<{ id: string }>(GET, "/api/admin/users?q=%40mariana_&limit=2", cookie);
    expect(byHandle.seen.map((r) => r.id)).toEqual(await expectedUsers("mariana\\_"));
    expect(byHandle.seen).toHaveLength(6);

    // Under three characters the trigram indexes cannot serve: still every match, once, in order.
    const short = await walkList<{ id: string }>(GET, "/api/admin/users?q=ma&limit=100", cookie);
    expect(short.seen.map((r) => r.id)).toEqual(await expectedUsers("ma"));

    const listed = await walkList<{ id: string }>(pages, "/api/admin/pages?q=mariana&limit=50", cookie);
    expect(listed.seen.map((r) => r.id)).toEqual(await expectedPages("mariana"));
    expect(listed.seen.length).toBeGreaterThan(333 + 20);
  }, 120_000);
});
