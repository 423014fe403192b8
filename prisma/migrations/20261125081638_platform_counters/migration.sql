-- CreateTable
CREATE TABLE "PlatformCounter" (
    "name" TEXT NOT NULL,
    "value" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "PlatformCounter_pkey" PRIMARY KEY ("name")
);

-- Kept by triggers, one update per statement (transition tables), in the
-- transaction of the write itself. A delta of zero writes nothing.
CREATE FUNCTION "vitrine_bump_counter"(counter TEXT, delta BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF delta <> 0 THEN
    INSERT INTO "PlatformCounter" ("name", "value") VALUES (counter, delta)
    ON CONFLICT ("name") DO UPDATE SET "value" = "PlatformCounter"."value" + EXCLUDED."value";
  END IF;
END $$;

-- Accounts (one page each) and active pages.
CREATE FUNCTION "vitrine_count_users"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d_users BIGINT := 0; d_active BIGINT := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*), count(*) FILTER (WHERE "pageActive") INTO d_users, d_active FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*), -count(*) FILTER (WHERE "pageActive") INTO d_users, d_active FROM old_rows;
  ELSE
    SELECT (SELECT count(*) FILTER (WHERE "pageActive") FROM new_rows) - (SELECT count(*) FILTER (WHERE "pageActive") FROM old_rows) INTO d_active;
  END IF;
  PERFORM "vitrine_bump_counter"('users', d_users);
  PERFORM "vitrine_bump_counter"('activePages', d_active);
  RETURN NULL;
END $$;
CREATE TRIGGER "User_counted_insert" AFTER INSERT ON "User" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vitrine_count_users"();
CREATE TRIGGER "User_counted_delete" AFTER DELETE ON "User" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vitrine_count_users"();
CREATE TRIGGER "User_counted_update" AFTER UPDATE ON "User" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vitrine_count_users"();

-- Links (section titles, kind "header", are not links).
CREATE FUNCTION "vitrine_count_links"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d_links BIGINT := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) FILTER (WHERE "kind" = 'link') INTO d_links FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) FILTER (WHERE "kind" = 'link') INTO d_links FROM old_rows;
  ELSE
    SELECT (SELECT count(*) FILTER (WHERE "kind" = 'link') FROM new_rows) - (SELECT count(*) FILTER (WHERE "kind" = 'link') FROM old_rows) INTO d_links;
  END IF;
  PERFORM "vitrine_bump_counter"('links', d_links);
  RETURN NULL;
END $$;
CREATE TRIGGER "Link_counted_insert" AFTER INSERT ON "Link" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vitrine_count_links"();
CREATE TRIGGER "Link_counted_delete" AFTER DELETE ON "Link" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vitrine_count_links"();
CREATE TRIGGER "Link_counted_update" AFTER UPDATE ON "Link" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vitrine_count_links"();

-- Views and clicks: the sums of DailyProfileStat (retention's deletes
-- included), in eight shards picked by the connection, so that concurrent
-- groups of counts do not queue on one row.
CREATE FUNCTION "vitrine_count_profile_stats"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d_views BIGINT := 0; d_clicks BIGINT := 0; v_shard TEXT := (pg_backend_pid() % 8)::text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(sum("views"), 0), coalesce(sum("clicks"), 0) INTO d_views, d_clicks FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -coalesce(sum("views"), 0), -coalesce(sum("clicks"), 0) INTO d_views, d_clicks FROM old_rows;
  ELSE
    SELECT (SELECT coalesce(sum("views"), 0) FROM new_rows) - (SELECT coalesce(sum("views"), 0) FROM old_rows),
           (SELECT coalesce(sum("clicks"), 0) FROM new_rows) - (SELECT coalesce(sum("clicks"), 0) FROM old_rows)
      INTO d_views, d_clicks;
  END IF;
  PERFORM "vitrine_bump_counter"('views:' || v_shard, d_views);
  PERFORM "vitrine_bump_counter"('clicks:' || v_shard, d_clicks);
  RETURN NULL;
END $$;
CREATE TRIGGER "DailyProfileStat_counted_insert" AFTER INSERT ON "DailyProfileStat" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vitrine_count_profile_stats"();
CREATE TRIGGER "DailyProfileStat_counted_delete" AFTER DELETE ON "DailyProfileStat" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vitrine_count_profile_stats"();
CREATE TRIGGER "DailyProfileStat_counted_update" AFTER UPDATE ON "DailyProfileStat" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vitrine_count_profile_stats"();

-- What the tables hold now.
INSERT INTO "PlatformCounter" ("name", "value")
SELECT 'users', count(*) FROM "User"
UNION ALL SELECT 'activePages', count(*) FROM "User" WHERE "pageActive"
UNION ALL SELECT 'links', count(*) FROM "Link" WHERE "kind" = 'link'
UNION ALL SELECT 'views:0', coalesce(sum("views"), 0) FROM "DailyProfileStat"
UNION ALL SELECT 'clicks:0', coalesce(sum("clicks"), 0) FROM "DailyProfileStat";
