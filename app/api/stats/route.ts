// GET /api/stats?days=7|30|90&page= — editor; totals, daily series, links, sources, devices, countries (São Paulo days).
// DELETE /api/stats?page= — owner (an editor: 403); every statistic of the page and its links back to zero.
import { route } from "@/lib/api/route";
import { resetStats } from "@/lib/stats/stats-mutations";
import { ownerInsights } from "@/lib/stats/stats-queries";
import { parseStatsQuery, statsQuerySchema } from "@/lib/stats/stats-schemas";
import { apiReferenceStrings } from "@/lib/strings/api-reference";
import { insightsDtoSchema } from "@/lib/stats/stats-dto";

export const GET = route({
  auth: "user",
  page: "stats.read",
  api: { summary: apiReferenceStrings.ops.stats, query: statsQuerySchema, response: insightsDtoSchema },
  handler: async ({ req, page }) => ownerInsights(page.id, parseStatsQuery(req).days),
});

export const DELETE = route({
  auth: "user",
  page: "stats.reset",
  handler: async ({ page }) => {
    await resetStats(page.id);
    return { ok: true };
  },
});
