import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { verifyPassword } from "@/lib/server/password";
import { hashPassword } from "@/lib/server/password";
import { cli, copyPrismaDir, freshTarget } from "./helpers/migration-target";

// The pages migration (20261127031308_pages_and_members) on a database of the
// previous schema, seeded as the third release wrote it: every account
// becomes an account with one page, keeping every id, username, link,
// statistic, report, appeal, image address and sign-in. (That the migrations
// build the schema the app declares is tests/migrations.integration.test.ts's.)

const PAGES_MIGRATION = "20261127031308_pages_and_members";

describe("the pages migration", () => {
  jest.setTimeout(180_000);

  it("turns each account into an account with one page it owns, and keeps every id, address, statistic and sign-in", async () => {
    const before = copyPrismaDir();
    // The schema as the third release left it: the pages migration and every later one taken out.
    for (const name of readdirSync(path.join(before, "migrations"))) {
      if (/^\d{14}_/.test(name) && name >= PAGES_MIGRATION) rmSync(path.join(before, "migrations", name), { recursive: true });
    }
    const target = await freshTarget();
    try {
      expect((await cli(target.env, ["deploy", "--prisma-dir", before])).ok).toBe(true);
      const hash = await hashPassword("senha-antiga-1");
      // Two accounts of the third release: one active with everything, one deactivated and appealing.
      await target.query(`
        INSERT INTO "User" ("id", "name", "username", "email", "emailVerified", "phone", "bio", "avatarUrl", "coverUrl", "backgroundColor",
          "socials", "pageActive", "passwordHash", "twoFactorEnabled", "sensitive", "seoTitle", "indexable", "createdAt", "updatedAt")
        VALUES
          ('u_ana', 'Ana Souza', 'ana', 'ana@example.com', now(), '(11) 98765-4321', 'Receitas', '/uploads/avatar-ana.webp', '/uploads/cover-ana.webp', '#112233',
           '{"instagram":"ana"}', true, '${hash}', false, 'none', 'Ana no Vitrine', true, now() - interval '40 days', now()),
          ('u_bia', 'Bia Lima', 'bia', 'bia@example.com', NULL, NULL, '', NULL, NULL, '#ffffff',
           '{}', false, '${hash}', false, 'adult', NULL, false, now() - interval '10 days', now());
        UPDATE "User" SET "deactivationReason" = 'spam', "deactivatedAt" = now() - interval '1 day' WHERE "id" = 'u_bia';
        INSERT INTO "Link" ("id", "userId", "title", "url", "order", "clicks", "kind", "thumbnailUrl", "updatedAt") VALUES
          ('l_1', 'u_ana', 'Loja', 'https://loja.example/', 0, 7, 'link', '/uploads/thumb-1.webp', now()),
          ('l_2', 'u_ana', 'Seção', '', 1, 0, 'header', NULL, now()),
          ('l_3', 'u_bia', 'Canal', 'https://youtube.com/@bia', 0, 2, 'link', NULL, now());
        INSERT INTO "DailyProfileStat" ("userId", "day", "views", "visitors", "clicks") VALUES
          ('u_ana', current_date - 1, 30, 20, 7), ('u_ana', current_date, 5, 4, 0), ('u_bia', current_date, 3, 3, 2);
        INSERT INTO "DailyBreakdownStat" ("userId", "day", "kind", "value", "views", "clicks") VALUES
          ('u_ana', current_date - 1, 'source', 'instagram', 30, 7);
        INSERT INTO "DailyLinkStat" ("linkId", "day", "clicks") VALUES ('l_1', current_date - 1, 7);
        INSERT INTO "Report" ("id", "userId", "linkId", "reason", "details") VALUES ('r_1', 'u_bia', 'l_3', 'spam', 'propaganda');
        INSERT INTO "Appeal" ("id", "userId", "deactivatedAt", "message") SELECT 'a_1', 'u_bia', "deactivatedAt", 'Foi engano' FROM "User" WHERE "id" = 'u_bia';
        INSERT INTO "Session" ("id", "sessionToken", "userId", "expires") VALUES ('s_1', 'hash-da-sessao', 'u_ana', now() + interval '1 day');
      `);
      const counters = await target.query(`SELECT "name", "value"::int AS "value" FROM "PlatformCounter" ORDER BY "name"`);

      expect((await cli(target.env, ["deploy", "--prisma-dir", copyPrismaDir()])).ok).toBe(true);

      // Every page, with the account's id, username, profile and state.
      expect(
        await target.query(`SELECT "id", "username", "name", "bio", "avatarUrl", "coverUrl", "backgroundColor", "socials", "active", "deactivationReason",
          "sensitive", "seoTitle", "indexable" FROM "Page" ORDER BY "id"`),
      ).toEqual([
        {
          id: "u_ana",
          username: "ana",
          name: "Ana Souza",
          bio: "Receitas",
          avatarUrl: "/uploads/avatar-ana.webp",
          coverUrl: "/uploads/cover-ana.webp",
          backgroundColor: "#112233",
          socials: { instagram: "ana" },
          active: true,
          deactivationReason: null,
          sensitive: "none",
          seoTitle: "Ana no Vitrine",
          indexable: true,
        },
        {
          id: "u_bia",
          username: "bia",
          name: "Bia Lima",
          bio: "",
          avatarUrl: null,
          coverUrl: null,
          backgroundColor: "#ffffff",
          socials: {},
          active: false,
          deactivationReason: "spam",
          sensitive: "adult",
          seoTitle: null,
          indexable: false,
        },
      ]);
      expect(await target.query(`SELECT "pageId", "userId", "role" FROM "PageMember" ORDER BY "pageId"`)).toEqual([
        { pageId: "u_ana", userId: "u_ana", role: "owner" },
        { pageId: "u_bia", userId: "u_bia", role: "owner" },
      ]);
      // Links, statistics, reports and appeals follow their page, by the same ids.
      expect(await target.query(`SELECT "id", "pageId", "clicks", "thumbnailUrl" FROM "Link" ORDER BY "id"`)).toEqual([
        { id: "l_1", pageId: "u_ana", clicks: 7, thumbnailUrl: "/uploads/thumb-1.webp" },
        { id: "l_2", pageId: "u_ana", clicks: 0, thumbnailUrl: null },
        { id: "l_3", pageId: "u_bia", clicks: 2, thumbnailUrl: null },
      ]);
      expect(
        await target.query(`SELECT "pageId", sum("views")::int AS "views", sum("clicks")::int AS "clicks" FROM "DailyProfileStat" GROUP BY 1 ORDER BY 1`),
      ).toEqual([
        { pageId: "u_ana", views: 35, clicks: 7 },
        { pageId: "u_bia", views: 3, clicks: 2 },
      ]);
      expect(await target.query(`SELECT "pageId", "value" FROM "DailyBreakdownStat"`)).toEqual([{ pageId: "u_ana", value: "instagram" }]);
      expect(await target.query(`SELECT "id", "pageId" FROM "Report"`)).toEqual([{ id: "r_1", pageId: "u_bia" }]);
      expect(await target.query(`SELECT "id", "pageId" FROM "Appeal"`)).toEqual([{ id: "a_1", pageId: "u_bia" }]);
      // The platform's counters are what they were (accounts, active pages, links, views, clicks).
      // (and a new one: the pages, one per account).
      expect(await target.query(`SELECT "name", "value"::int AS "value" FROM "PlatformCounter" WHERE "name" <> 'pages' ORDER BY "name"`)).toEqual(counters);
      expect(await target.query(`SELECT "value"::int AS "value" FROM "PlatformCounter" WHERE "name" = 'pages'`)).toEqual([{ value: 2 }]);

      // The person keeps e-mail, password and sessions; the page's columns left the account.
      const [ana] = (await target.query(
        `SELECT "email", "passwordHash", "phone", "emailVerified" IS NOT NULL AS "verified" FROM "User" WHERE "id" = 'u_ana'`,
      )) as {
        email: string;
        passwordHash: string;
        phone: string;
        verified: boolean;
      }[];
      expect(ana).toMatchObject({ email: "ana@example.com", phone: "(11) 98765-4321", verified: true });
      expect(await verifyPassword(ana!.passwordHash, "senha-antiga-1")).toBe(true);
      expect(await target.query(`SELECT "userId" FROM "Session"`)).toEqual([{ userId: "u_ana" }]);
      expect(
        await target.query(
          `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'User' AND column_name IN ('username', 'bio', 'pageActive', 'avatarUrl')`,
        ),
      ).toEqual([{ n: 0 }]);

      // The triggers now count pages: a new page and a deactivation move 'activePages'.
      await target.query(`INSERT INTO "Page" ("id", "username", "name", "updatedAt") VALUES ('p_new', 'nova', 'Nova', now())`);
      await target.query(`UPDATE "Page" SET "active" = false WHERE "id" = 'u_ana'`);
      const activeBefore = (counters as { name: string; value: number }[]).find((c) => c.name === "activePages")!.value;
      expect(await target.query(`SELECT "value"::int AS "value" FROM "PlatformCounter" WHERE "name" = 'activePages'`)).toEqual([{ value: activeBefore }]);
    } finally {
      await target.close();
    }
  });
});
