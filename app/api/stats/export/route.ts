// GET /api/stats/export?days=7|30|90&page= — editor; the page's daily series as a CSV attachment.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { insightsCsv } from "@/lib/stats/stats-queries";
import { parseStatsQuery, statsQuerySchema } from "@/lib/stats/stats-schemas";
import { strings } from "@/lib/strings";
import { apiReferenceStrings } from "@/lib/strings/api-reference";

export const GET = route({
  auth: "user",
  page: "stats.export",
  api: { summary: apiReferenceStrings.ops.exportStats, query: statsQuerySchema, files: { "text/csv": z.string() } },
  handler: async ({ req, page }) => {
    const { days } = parseStatsQuery(req);
    const csv = await insightsCsv(page.id, days, strings.insights.csvHeader);
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="vitrine-${page.username}-${days}dias.csv"`,
        "cache-control": "no-store",
      },
    });
  },
});
