-- CreateTable
CREATE TABLE "PlatformDailyStat" (
    "day" DATE NOT NULL,
    "shard" INTEGER NOT NULL,
    "signups" INTEGER NOT NULL DEFAULT 0,
    "views" BIGINT NOT NULL DEFAULT 0,
    "clicks" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "PlatformDailyStat_pkey" PRIMARY KEY ("day","shard")
);

-- Kept by the triggers that keep PlatformCounter (20261125081638), in the
-- transaction of the write itself, one upsert per statement and day, in the
-- connection's shard: sign-ups by the São Paulo day of "createdAt" (stored as
-- UTC without a zone), views and clicks as DailyProfileStat's sums of the day.
CREATE OR REPLACE FUNCTION "vitrine_count_users"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d_users BIGINT := 0; d_active BIGINT := 0; v_shard INT := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*), count(*) FILTER (WHERE "pageActive") INTO d_users, d_active FROM new_rows;
    INSERT INTO "PlatformDailyStat" ("day", "shard", "signups")
      SELECT (("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date, v_shard, count(*)::int FROM new_rows GROUP BY 1
      ON CONFLICT ("day", "shard") DO UPDATE SET "signups" = "PlatformDailyStat"."signups" + EXCLUDED."signups";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*), -count(*) FILTER (WHERE "pageActive") INTO d_users, d_active FROM old_rows;
    INSERT INTO "PlatformDailyStat" ("day", "shard", "signups")
      SELECT (("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date, v_shard, -count(*)::int FROM old_rows GROUP BY 1
      ON CONFLICT ("day", "shard") DO UPDATE SET "signups" = "PlatformDailyStat"."signups" + EXCLUDED."signups";
  ELSE
    SELECT (SELECT count(*) FILTER (WHERE "pageActive") FROM new_rows) - (SELECT count(*) FILTER (WHERE "pageActive") FROM old_rows) INTO d_active;
  END IF;
  PERFORM "vitrine_bump_counter"('users', d_users);
  PERFORM "vitrine_bump_counter"('activePages', d_active);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "vitrine_count_profile_stats"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d_views BIGINT := 0; d_clicks BIGINT := 0; v_shard INT := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(sum("views"), 0), coalesce(sum("clicks"), 0) INTO d_views, d_clicks FROM new_rows;
    INSERT INTO "PlatformDailyStat" ("day", "shard", "views", "clicks")
      SELECT "day", v_shard, sum("views"), sum("clicks") FROM new_rows GROUP BY "day" HAVING sum("views") <> 0 OR sum("clicks") <> 0
      ON CONFLICT ("day", "shard") DO UPDATE SET "views" = "PlatformDailyStat"."views" + EXCLUDED."views", "clicks" = "PlatformDailyStat"."clicks" + EXCLUDED."clicks";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -coalesce(sum("views"), 0), -coalesce(sum("clicks"), 0) INTO d_views, d_clicks FROM old_rows;
    INSERT INTO "PlatformDailyStat" ("day", "shard", "views", "clicks")
      SELECT "day", v_shard, -sum("views"), -sum("clicks") FROM old_rows GROUP BY "day" HAVING sum("views") <> 0 OR sum("clicks") <> 0
      ON CONFLICT ("day", "shard") DO UPDATE SET "views" = "PlatformDailyStat"."views" + EXCLUDED."views", "clicks" = "PlatformDailyStat"."clicks" + EXCLUDED."clicks";
  ELSE
    SELECT (SELECT coalesce(sum("views"), 0) FROM new_rows) - (SELECT coalesce(sum("views"), 0) FROM old_rows),
           (SELECT coalesce(sum("clicks"), 0) FROM new_rows) - (SELECT coalesce(sum("clicks"), 0) FROM old_rows)
      INTO d_views, d_clicks;
    INSERT INTO "PlatformDailyStat" ("day", "shard", "views", "clicks")
      SELECT "day", v_shard, sum("views"), sum("clicks")
      FROM (SELECT "day", "views", "clicks" FROM new_rows UNION ALL SELECT "day", -"views", -"clicks" FROM old_rows) changed
      GROUP BY "day" HAVING sum("views") <> 0 OR sum("clicks") <> 0
      ON CONFLICT ("day", "shard") DO UPDATE SET "views" = "PlatformDailyStat"."views" + EXCLUDED."views", "clicks" = "PlatformDailyStat"."clicks" + EXCLUDED."clicks";
  END IF;
  PERFORM "vitrine_bump_counter"('views:' || v_shard::text, d_views);
  PERFORM "vitrine_bump_counter"('clicks:' || v_shard::text, d_clicks);
  RETURN NULL;
END $$;

-- What the tables hold now.
INSERT INTO "PlatformDailyStat" ("day", "shard", "signups", "views", "clicks")
SELECT "day", 0, sum("signups")::int, sum("views"), sum("clicks") FROM (
  SELECT "day", 0 AS "signups", "views"::bigint AS "views", "clicks"::bigint AS "clicks" FROM "DailyProfileStat"
  UNION ALL
  SELECT (("createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date, 1, 0, 0 FROM "User"
) existing
GROUP BY "day";
