// GET /api/stats/export?days=7|30|90&page= — editor; the page's daily series as a CSV attachment.
import { route } from "@/lib/server/http";
import { insightsCsv } from "@/lib/stats/stats-queries";
import { parseStatsQuery } from "@/lib/stats/stats-schemas";
import { strings } from "@/lib/strings";

export const GET = route({
  auth: "user",
  page: "stats.export",
  key: "stats:read",
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
