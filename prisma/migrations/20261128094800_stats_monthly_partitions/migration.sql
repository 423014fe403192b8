-- The per-day tables that grow with links and sources (DailyLinkStat,
-- DailyLinkSourceStat, DailyBreakdownStat) become tables partitioned by
-- month on "day" (api.md, Statistics at internet scale), keeping every row,
-- in this one transaction. Prisma does not model partitions: the parents keep
-- the names, columns, keys, indexes and foreign keys the schema declares, and
-- the monthly partitions ("{table}_p{YYYYMM}", no default partition) are made
-- by "vitrine_stats_partitions" below: here for every month that holds rows
-- and from this São Paulo month to two months ahead, later by the app
-- (lib/stats/partitions.ts: at start, by the jobs, and by a count whose month
-- has none yet). DailyProfileStat stays as it is (docs/operations.md).

-- Monthly partitions of the three tables for every month in [first_day, last_day]
-- that has none yet; returns how many it made. Each is created apart, then
-- attached (ATTACH takes SHARE UPDATE EXCLUSIVE on the parent, where CREATE
-- TABLE ... PARTITION OF takes ACCESS EXCLUSIVE: counts keep flowing). One
-- caller at a time (an advisory lock held to the end of the transaction).
CREATE FUNCTION "vitrine_stats_partitions"(first_day DATE, last_day DATE) RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
  parent TEXT;
  child TEXT;
  month DATE;
  created INTEGER := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(7413025, hashtext('vitrine_stats_partitions'));
  FOREACH parent IN ARRAY ARRAY['DailyLinkStat', 'DailyLinkSourceStat', 'DailyBreakdownStat'] LOOP
    month := date_trunc('month', first_day)::date;
    WHILE month <= last_day LOOP
      child := parent || '_p' || to_char(month, 'YYYYMM');
      IF to_regclass(format('%I', child)) IS NULL THEN
        EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', child, parent);
        EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, child, month, (month + interval '1 month')::date);
        created := created + 1;
      END IF;
      month := (month + interval '1 month')::date;
    END LOOP;
  END LOOP;
  RETURN created;
END $$;

-- The tables as they were, renamed with their keys, indexes and foreign keys.
ALTER TABLE "DailyLinkStat" RENAME TO "DailyLinkStat_unpartitioned";
ALTER INDEX "DailyLinkStat_pkey" RENAME TO "DailyLinkStat_unpartitioned_pkey";
ALTER INDEX "DailyLinkStat_day_idx" RENAME TO "DailyLinkStat_unpartitioned_day_idx";
ALTER TABLE "DailyLinkStat_unpartitioned" RENAME CONSTRAINT "DailyLinkStat_linkId_fkey" TO "DailyLinkStat_unpartitioned_linkId_fkey";

ALTER TABLE "DailyLinkSourceStat" RENAME TO "DailyLinkSourceStat_unpartitioned";
ALTER INDEX "DailyLinkSourceStat_pkey" RENAME TO "DailyLinkSourceStat_unpartitioned_pkey";
ALTER INDEX "DailyLinkSourceStat_day_idx" RENAME TO "DailyLinkSourceStat_unpartitioned_day_idx";
ALTER TABLE "DailyLinkSourceStat_unpartitioned" RENAME CONSTRAINT "DailyLinkSourceStat_linkId_fkey" TO "DailyLinkSourceStat_unpartitioned_linkId_fkey";

ALTER TABLE "DailyBreakdownStat" RENAME TO "DailyBreakdownStat_unpartitioned";
ALTER INDEX "DailyBreakdownStat_pkey" RENAME TO "DailyBreakdownStat_unpartitioned_pkey";
ALTER INDEX "DailyBreakdownStat_day_idx" RENAME TO "DailyBreakdownStat_unpartitioned_day_idx";
ALTER TABLE "DailyBreakdownStat_unpartitioned" RENAME CONSTRAINT "DailyBreakdownStat_pageId_fkey" TO "DailyBreakdownStat_unpartitioned_pageId_fkey";

-- The partitioned tables, bare: keys, indexes and foreign keys come once the
-- rows are in (one index build and one check per partition, not one per row).
CREATE TABLE "DailyLinkStat" (
    "linkId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "clicks" INTEGER NOT NULL DEFAULT 0
) PARTITION BY RANGE ("day");

CREATE TABLE "DailyLinkSourceStat" (
    "linkId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "source" TEXT NOT NULL,
    "clicks" INTEGER NOT NULL DEFAULT 0
) PARTITION BY RANGE ("day");

CREATE TABLE "DailyBreakdownStat" (
    "pageId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "kind" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "clicks" INTEGER NOT NULL DEFAULT 0
) PARTITION BY RANGE ("day");

-- A partition for every month that holds rows, and this month and the next two.
SELECT "vitrine_stats_partitions"("month", "month") FROM (
  SELECT DISTINCT date_trunc('month', "day")::date AS "month" FROM "DailyLinkStat_unpartitioned"
  UNION SELECT DISTINCT date_trunc('month', "day")::date FROM "DailyLinkSourceStat_unpartitioned"
  UNION SELECT DISTINCT date_trunc('month', "day")::date FROM "DailyBreakdownStat_unpartitioned"
) AS "months";
SELECT "vitrine_stats_partitions"((now() AT TIME ZONE 'America/Sao_Paulo')::date, ((now() AT TIME ZONE 'America/Sao_Paulo') + interval '2 months')::date);

INSERT INTO "DailyLinkStat" ("linkId", "day", "clicks")
  SELECT "linkId", "day", "clicks" FROM "DailyLinkStat_unpartitioned";
INSERT INTO "DailyLinkSourceStat" ("linkId", "day", "source", "clicks")
  SELECT "linkId", "day", "source", "clicks" FROM "DailyLinkSourceStat_unpartitioned";
INSERT INTO "DailyBreakdownStat" ("pageId", "day", "kind", "value", "views", "clicks")
  SELECT "pageId", "day", "kind", "value", "views", "clicks" FROM "DailyBreakdownStat_unpartitioned";

DROP TABLE "DailyLinkStat_unpartitioned";
DROP TABLE "DailyLinkSourceStat_unpartitioned";
DROP TABLE "DailyBreakdownStat_unpartitioned";

-- Keys (each including "day", as a partitioned table requires), indexes and
-- foreign keys, under the names the schema declares; each reaches every
-- partition, and every partition attached later.
ALTER TABLE "DailyLinkStat" ADD CONSTRAINT "DailyLinkStat_pkey" PRIMARY KEY ("linkId", "day");
ALTER TABLE "DailyLinkSourceStat" ADD CONSTRAINT "DailyLinkSourceStat_pkey" PRIMARY KEY ("linkId", "day", "source");
ALTER TABLE "DailyBreakdownStat" ADD CONSTRAINT "DailyBreakdownStat_pkey" PRIMARY KEY ("pageId", "day", "kind", "value");

CREATE INDEX "DailyLinkStat_day_idx" ON "DailyLinkStat"("day");
CREATE INDEX "DailyLinkSourceStat_day_idx" ON "DailyLinkSourceStat"("day");
CREATE INDEX "DailyBreakdownStat_day_idx" ON "DailyBreakdownStat"("day");

ALTER TABLE "DailyLinkStat" ADD CONSTRAINT "DailyLinkStat_linkId_fkey" FOREIGN KEY ("linkId") REFERENCES "Link"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "DailyLinkSourceStat" ADD CONSTRAINT "DailyLinkSourceStat_linkId_fkey" FOREIGN KEY ("linkId") REFERENCES "Link"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "DailyBreakdownStat" ADD CONSTRAINT "DailyBreakdownStat_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;
