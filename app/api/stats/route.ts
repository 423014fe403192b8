// GET /api/stats?days=7|30|90 — owner; totals, daily series, links, sources, devices, countries (São Paulo days).
// DELETE /api/stats — owner; every statistic of the caller's page and links back to zero.
import { route } from "@/lib/server/http";
import { resetStats } from "@/lib/stats/stats-mutations";
import { ownerInsights } from "@/lib/stats/stats-queries";
import { parseStatsQuery } from "@/lib/stats/stats-schemas";

export const GET = route({
  auth: "user",
  handler: async ({ req, session }) => ownerInsights(session.user.id, parseStatsQuery(req).days),
});

export const DELETE = route({
  auth: "user",
  handler: async ({ session }) => {
    await resetStats(session.user.id);
    return { ok: true };
  },
});
