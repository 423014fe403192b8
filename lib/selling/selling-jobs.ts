import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { deletionJob, utc, type Job } from "@/lib/jobs/job";
import { db } from "@/lib/server/db";
import { errorFields, log } from "@/lib/server/log";
import { sellingConfig } from "./selling-config";
import { buyerDataErasureJob, pendingOrdersJob } from "./order-jobs";
import { renewAccountToken } from "./token-renewal";

// Selling's jobs (api.md, Selling with Pix), listed in lib/startup/app-jobs.ts:
// sellers' tokens renewed well before they expire (a refusal disconnects the
// account and tells the page's owners), and connection states past their 10
// minutes deleted, pending orders asked about and buyers' data erased after 5 years
// (lib/selling/order-jobs.ts). None runs where selling is off.

const DAY_MS = 24 * 60 * 60_000;
/**
 * Tokens expiring within this are renewed (Mercado Pago's last 180 days). A
 * week leaves room for a serverless host's once-a-day cron and for Mercado
 * Pago being away for a while: each run tries again.
 */
export const RENEW_AHEAD_MS = 7 * DAY_MS;
/** Accounts renewed per batch (each one call to Mercado Pago). */
const RENEWALS_PER_BATCH = 10;

export function sellingJobs(): Job[] {
  if (!sellingConfig()) return [];
  return [
    tokenRenewalJob(),
    pendingOrdersJob(),
    buyerDataErasureJob(),
    deletionJob("selling.connect-states", [{ table: "PaymentConnectState", where: (now) => Prisma.sql`"expiresAt" < ${utc(now)}` }]),
  ];
}

function tokenRenewalJob(): Job {
  // Accounts already tried in this run: one Mercado Pago cannot renew now is tried again at the next run, not in a loop.
  const tried = new Set<string>();
  return {
    name: "selling.renew-tokens",
    kind: "self-guarded",
    async step({ now, deadline }) {
      const rows = await db.paymentAccount.findMany({
        where: { expiresAt: { lte: new Date(now.getTime() + RENEW_AHEAD_MS) }, pageId: { notIn: [...tried] } },
        orderBy: { expiresAt: "asc" },
        take: RENEWALS_PER_BATCH,
        select: { pageId: true, accessToken: true, refreshToken: true, expiresAt: true },
      });
      let done = 0;
      for (const row of rows) {
        if (Date.now() > deadline) return { done, more: true };
        tried.add(row.pageId);
        try {
          const outcome = await renewAccountToken(row, now);
          if (outcome !== "superseded") done += 1;
        } catch (error) {
          log.warn("selling.renew_failed", { pageId: row.pageId, ...errorFields(error) });
        }
      }
      return { done, more: rows.length === RENEWALS_PER_BATCH };
    },
  };
}
