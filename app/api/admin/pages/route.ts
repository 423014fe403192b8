// GET /api/admin/pages?q=&cursor=&limit= — administrator; page rows newest first, next cursor in X-Next-Cursor.
import { listPages } from "@/lib/admin/admin-queries";
import { parseListQuery } from "@/lib/lists/list-query";
import { listResponse } from "@/lib/lists/list-response";
import { route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = route({
  auth: "admin",
  handler: async ({ req }) => listResponse(await listPages(parseListQuery(req))),
});
