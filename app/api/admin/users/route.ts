// GET /api/admin/users?q=&cursor=&limit= — administrator; user rows newest first, next cursor in X-Next-Cursor.
import { listUsers } from "@/lib/admin/admin-queries";
import { parseListQuery } from "@/lib/lists/list-query";
import { listResponse } from "@/lib/lists/list-response";
import { route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = route({
  auth: "admin",
  handler: async ({ req }) => listResponse(await listUsers(parseListQuery(req))),
});
