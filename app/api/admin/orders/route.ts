// GET /api/admin/orders?cursor=&limit= — administrator; every page's orders newest first
// [{id, page: {id, username, name}, title, amountCents, feeCents, status, createdAt}], next cursor in X-Next-Cursor.
// 404 where selling is off.
import { listOrdersForAdmin } from "@/lib/admin/admin-orders";
import { route } from "@/lib/api/route";
import { parseListQuery } from "@/lib/lists/list-query";
import { listResponse } from "@/lib/lists/list-response";
import { whenSellingOn } from "@/lib/selling/selling-config";

export const dynamic = "force-dynamic";

export const GET = whenSellingOn(
  route({
    auth: "admin",
    handler: async ({ req }) => listResponse(await listOrdersForAdmin(parseListQuery(req))),
  }),
);
