import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { deletionJob, utc, type Job } from "@/lib/jobs/job";
import { sendDueStep } from "@/lib/outbox/jobs-step";
import { addDays, saoPauloDay } from "@/lib/dates/sao-paulo-days";
import { webhookKind } from "./webhook-kind";
import { webhookNotice } from "./webhook-outbox";

// The webhooks' jobs: each endpoint that asked for stats.daily gets the
// page's previous São Paulo day once; deliveries due (retries, and any whose
// first try after its request never happened) are sent; old ones deleted.

const ENDPOINTS_PER_BATCH = 100;
const SENDS_PER_BATCH = 20;
const KEEP_DELIVERIES_MS = 30 * 24 * 3_600_000;

export function webhookJobs(): Job[] {
  return [
    {
      name: "webhooks.stats-daily",
      kind: "locked",
      async step(tx, { now }) {
        const day = addDays(saoPauloDay(now), -1);
        // One statement: the endpoints due are marked and their events written together.
        const rows = await tx.$queryRaw<{ id: string }[]>`
          WITH due AS (
            SELECT "id", "pageId" FROM "WebhookEndpoint"
            WHERE "active" AND 'stats.daily' = ANY("events") AND ("statsSentFor" IS NULL OR "statsSentFor" < ${day})
            ORDER BY "id" LIMIT ${ENDPOINTS_PER_BATCH}
            FOR UPDATE SKIP LOCKED
          ), marked AS (
            UPDATE "WebhookEndpoint" SET "statsSentFor" = ${day} WHERE "id" IN (SELECT "id" FROM due)
          )
          INSERT INTO "WebhookDelivery" ("id", "endpointId", "eventId", "type", "payload", "nextAttemptAt", "createdAt")
          SELECT 'wd' || replace(gen_random_uuid()::text, '-', ''), due."id", 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'stats.daily',
            json_build_object('type', 'stats.daily', 'timestamp', ${now.toISOString()}::text, 'data', json_build_object(
              'date', ${day}::text, 'views', COALESCE(s."views", 0), 'visitors', COALESCE(s."visitors", 0),
              'clicks', COALESCE(s."clicks", 0), 'subscribers', COALESCE(s."subscribers", 0)))::text,
            ${utc(now)}, ${utc(now)}
          FROM due LEFT JOIN "DailyProfileStat" s ON s."pageId" = due."pageId" AND s."day" = ${day}::date
          RETURNING "id", ${webhookNotice}`;
        return { done: rows.length, more: rows.length === ENDPOINTS_PER_BATCH };
      },
    },
    { name: "webhooks.send", kind: "self-guarded", step: sendDueStep(webhookKind, SENDS_PER_BATCH) },
    deletionJob("webhooks.old-deliveries", [
      { table: "WebhookDelivery", where: (now) => Prisma.sql`"status" <> 'pending' AND "createdAt" < ${utc(new Date(now.getTime() - KEEP_DELIVERIES_MS))}` },
    ]),
  ];
}
