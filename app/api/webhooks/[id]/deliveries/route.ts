// GET /api/webhooks/{id}/deliveries?page= — owner (or a key with webhooks:write); the last 100 deliveries, newest first.
import { json, route } from "@/lib/server/http";
import { listDeliveries } from "@/lib/webhooks/webhook-queries";
import { webhookIdParams } from "@/lib/webhooks/webhook-schemas";

export const GET = route({
  auth: "user",
  page: "webhooks.manage",
  key: "webhooks:write",
  params: webhookIdParams,
  handler: async ({ page, params }) => json(await listDeliveries(page.id, params.id)),
});
