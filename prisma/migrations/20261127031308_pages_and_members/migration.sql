-- Pages and teams (fourth release). What the public page shows moves from
-- "User" to its own table, "Page"; each account becomes an account with one
-- page whose id is the account's id, so every id, username, statistic, link,
-- report, appeal and image address stays as it was. The tables that belonged
-- to the page keep their rows: their "userId" column is renamed "pageId" (a
-- catalogue change, no rewrite) and points at "Page". Each account becomes
-- the owner ("PageMember") of its page.

-- CreateTable
CREATE TABLE "Page" (
    "id" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "bio" TEXT NOT NULL DEFAULT '',
    "avatarUrl" TEXT,
    "coverUrl" TEXT,
    "coverAspectRatio" TEXT DEFAULT '16:9',
    "backgroundColor" TEXT NOT NULL DEFAULT '#ffffff',
    "fontColor" TEXT NOT NULL DEFAULT '#000000',
    "imageOpacity" INTEGER NOT NULL DEFAULT 100,
    "imagePosition" "ImagePosition" NOT NULL DEFAULT 'cover',
    "linkButtonColor" TEXT NOT NULL DEFAULT '#ffffff',
    "linkButtonOpacity" INTEGER NOT NULL DEFAULT 50,
    "buttonStyle" TEXT NOT NULL DEFAULT 'filled',
    "buttonShape" TEXT NOT NULL DEFAULT 'rounded',
    "fontFamily" TEXT NOT NULL DEFAULT 'sans',
    "socials" JSONB NOT NULL DEFAULT '{}',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "deactivationReason" TEXT,
    "deactivatedAt" TIMESTAMP(3),
    "sensitive" TEXT NOT NULL DEFAULT 'none',
    "seoTitle" TEXT,
    "seoDescription" TEXT,
    "indexable" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Page_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PageMember" (
    "pageId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PageMember_pkey" PRIMARY KEY ("pageId","userId")
);

-- CreateTable
CREATE TABLE "PageInvitation" (
    "id" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "invitedById" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PageInvitation_pkey" PRIMARY KEY ("id")
);

-- Every account's page, with the account's id; every account owns its page.
INSERT INTO "Page" ("id", "username", "name", "bio", "avatarUrl", "coverUrl", "coverAspectRatio", "backgroundColor", "fontColor",
    "imageOpacity", "imagePosition", "linkButtonColor", "linkButtonOpacity", "buttonStyle", "buttonShape", "fontFamily", "socials",
    "active", "deactivationReason", "deactivatedAt", "sensitive", "seoTitle", "seoDescription", "indexable", "createdAt", "updatedAt")
SELECT "id", "username", "name", "bio", "avatarUrl", "coverUrl", "coverAspectRatio", "backgroundColor", "fontColor",
    "imageOpacity", "imagePosition", "linkButtonColor", "linkButtonOpacity", "buttonStyle", "buttonShape", "fontFamily", "socials",
    "pageActive", "deactivationReason", "deactivatedAt", "sensitive", "seoTitle", "seoDescription", "indexable", "createdAt", "updatedAt"
FROM "User";

INSERT INTO "PageMember" ("pageId", "userId", "role", "createdAt")
SELECT "id", "id", 'owner', "createdAt" FROM "User";

-- The page's tables: "userId" becomes "pageId", pointing at "Page".
ALTER TABLE "Appeal" DROP CONSTRAINT "Appeal_userId_fkey";
ALTER TABLE "DailyBreakdownStat" DROP CONSTRAINT "DailyBreakdownStat_userId_fkey";
ALTER TABLE "DailyProfileStat" DROP CONSTRAINT "DailyProfileStat_userId_fkey";
ALTER TABLE "DailyVisitorMark" DROP CONSTRAINT "DailyVisitorMark_userId_fkey";
ALTER TABLE "Link" DROP CONSTRAINT "Link_userId_fkey";
ALTER TABLE "Report" DROP CONSTRAINT "Report_userId_fkey";

ALTER TABLE "Appeal" RENAME COLUMN "userId" TO "pageId";
ALTER TABLE "DailyBreakdownStat" RENAME COLUMN "userId" TO "pageId";
ALTER TABLE "DailyProfileStat" RENAME COLUMN "userId" TO "pageId";
ALTER TABLE "DailyVisitorMark" RENAME COLUMN "userId" TO "pageId";
ALTER TABLE "Link" RENAME COLUMN "userId" TO "pageId";
ALTER TABLE "Report" RENAME COLUMN "userId" TO "pageId";
ALTER TABLE "PageChange" RENAME COLUMN "userId" TO "pageId";

ALTER INDEX "Appeal_userId_deactivatedAt_key" RENAME TO "Appeal_pageId_deactivatedAt_key";
ALTER INDEX "Link_userId_order_idx" RENAME TO "Link_pageId_order_idx";
ALTER INDEX "Report_userId_idx" RENAME TO "Report_pageId_idx";

-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN "pageId" TEXT;

-- The counters: accounts (and sign-ups) stay on "User"; active pages move to "Page".
CREATE OR REPLACE FUNCTION "vitrine_count_users"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d_users BIGINT := 0; v_shard INT := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO d_users FROM new_rows;
    INSERT INTO "PlatformDailyStat" ("day", "shard", "signups")
      SELECT (("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date, v_shard, count(*)::int FROM new_rows GROUP BY 1
      ON CONFLICT ("day", "shard") DO UPDATE SET "signups" = "PlatformDailyStat"."signups" + EXCLUDED."signups";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) INTO d_users FROM old_rows;
    INSERT INTO "PlatformDailyStat" ("day", "shard", "signups")
      SELECT (("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date, v_shard, -count(*)::int FROM old_rows GROUP BY 1
      ON CONFLICT ("day", "shard") DO UPDATE SET "signups" = "PlatformDailyStat"."signups" + EXCLUDED."signups";
  END IF;
  PERFORM "vitrine_bump_counter"('users', d_users);
  RETURN NULL;
END $$;
DROP TRIGGER "User_counted_update" ON "User";

CREATE FUNCTION "vitrine_count_pages"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d_pages BIGINT := 0; d_active BIGINT := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*), count(*) FILTER (WHERE "active") INTO d_pages, d_active FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*), -count(*) FILTER (WHERE "active") INTO d_pages, d_active FROM old_rows;
  ELSE
    SELECT (SELECT count(*) FILTER (WHERE "active") FROM new_rows) - (SELECT count(*) FILTER (WHERE "active") FROM old_rows) INTO d_active;
  END IF;
  PERFORM "vitrine_bump_counter"('pages', d_pages);
  PERFORM "vitrine_bump_counter"('activePages', d_active);
  RETURN NULL;
END $$;
-- Pages now: one per account, copied above before the trigger existed.
INSERT INTO "PlatformCounter" ("name", "value") SELECT 'pages', count(*) FROM "Page"
ON CONFLICT ("name") DO UPDATE SET "value" = EXCLUDED."value";
CREATE TRIGGER "Page_counted_insert" AFTER INSERT ON "Page" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vitrine_count_pages"();
CREATE TRIGGER "Page_counted_delete" AFTER DELETE ON "Page" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vitrine_count_pages"();
CREATE TRIGGER "Page_counted_update" AFTER UPDATE ON "Page" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vitrine_count_pages"();

-- What moved leaves "User" (its indexes with it).
DROP INDEX "User_sitemap_idx";
DROP INDEX "User_username_key";
DROP INDEX "User_username_trgm_idx";
ALTER TABLE "User" DROP COLUMN "avatarUrl",
DROP COLUMN "backgroundColor",
DROP COLUMN "bio",
DROP COLUMN "buttonShape",
DROP COLUMN "buttonStyle",
DROP COLUMN "coverAspectRatio",
DROP COLUMN "coverUrl",
DROP COLUMN "deactivatedAt",
DROP COLUMN "deactivationReason",
DROP COLUMN "fontColor",
DROP COLUMN "fontFamily",
DROP COLUMN "imageOpacity",
DROP COLUMN "imagePosition",
DROP COLUMN "indexable",
DROP COLUMN "linkButtonColor",
DROP COLUMN "linkButtonOpacity",
DROP COLUMN "pageActive",
DROP COLUMN "sensitive",
DROP COLUMN "seoDescription",
DROP COLUMN "seoTitle",
DROP COLUMN "socials",
DROP COLUMN "username";

-- Indexes on the filled tables.
CREATE UNIQUE INDEX "Page_username_key" ON "Page"("username");
CREATE INDEX "Page_createdAt_idx" ON "Page"("createdAt");
CREATE INDEX "Page_sitemap_idx" ON "Page"("active", "indexable", "sensitive", "username");
CREATE INDEX "Page_name_trgm_idx" ON "Page" USING GIN ("name" gin_trgm_ops);
CREATE INDEX "Page_username_trgm_idx" ON "Page" USING GIN ("username" gin_trgm_ops);
CREATE INDEX "PageMember_userId_createdAt_idx" ON "PageMember"("userId", "createdAt");
CREATE UNIQUE INDEX "PageInvitation_tokenHash_key" ON "PageInvitation"("tokenHash");
CREATE INDEX "PageInvitation_expiresAt_idx" ON "PageInvitation"("expiresAt");
CREATE INDEX "PageInvitation_invitedById_idx" ON "PageInvitation"("invitedById");
CREATE UNIQUE INDEX "PageInvitation_pageId_email_key" ON "PageInvitation"("pageId", "email");
CREATE INDEX "AuditLog_pageId_idx" ON "AuditLog"("pageId");

-- AddForeignKey
ALTER TABLE "PageMember" ADD CONSTRAINT "PageMember_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PageMember" ADD CONSTRAINT "PageMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PageInvitation" ADD CONSTRAINT "PageInvitation_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PageInvitation" ADD CONSTRAINT "PageInvitation_invitedById_fkey" FOREIGN KEY ("invitedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Link" ADD CONSTRAINT "Link_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "DailyProfileStat" ADD CONSTRAINT "DailyProfileStat_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "DailyBreakdownStat" ADD CONSTRAINT "DailyBreakdownStat_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "DailyVisitorMark" ADD CONSTRAINT "DailyVisitorMark_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Report" ADD CONSTRAINT "Report_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Appeal" ADD CONSTRAINT "Appeal_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;
