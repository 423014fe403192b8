// GET /api/admin/reports?status=open|closed&q=&cursor=&limit= — administrator; report rows newest first, next cursor in X-Next-Cursor.
import { parseListQuery } from "@/lib/lists/list-query";
import { listResponse } from "@/lib/lists/list-response";
import { reportStatusSchema } from "@/lib/moderation/moderation-schemas";
import { listReports } from "@/lib/moderation/report-queries";
import { route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = route({
  auth: "admin",
  handler: async ({ req }) => {
    const status = reportStatusSchema.parse(new URL(req.url).searchParams.get("status"));
    return listResponse(await listReports(status, parseListQuery(req)));
  },
});
