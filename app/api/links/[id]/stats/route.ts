// GET /api/links/:id/stats?days=7|30|90&page= — editor; one link's clicks by day and by source (404 for another page's link).
import { route } from "@/lib/api/route";
import { linkIdSchema } from "@/lib/links/link-schemas";
import { linkInsights } from "@/lib/stats/stats-queries";
import { parseStatsQuery, statsQuerySchema } from "@/lib/stats/stats-schemas";
import { apiReferenceStrings } from "@/lib/strings/api-reference";
import { linkStatsDtoSchema } from "@/lib/stats/stats-dto";

export const GET = route({
  auth: "user",
  page: "stats.read",
  api: { summary: apiReferenceStrings.ops.linkStats, query: statsQuerySchema, response: linkStatsDtoSchema },
  params: linkIdSchema,
  handler: async ({ req, params, page }) => linkInsights(page.id, params.id, parseStatsQuery(req).days),
});
