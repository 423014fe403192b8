// GET /api/webhooks/{id}/deliveries?page= — owner (or a key with webhooks:write); the last 100 deliveries, newest first.
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { deliveryDtoSchema, listDeliveries } from "@/lib/webhooks/webhook-queries";
import { webhookIdParams } from "@/lib/webhooks/webhook-schemas";
import { apiReferenceStrings } from "@/lib/strings/api-reference";

export const GET = route({
  auth: "user",
  page: "webhooks.manage",
  api: { summary: apiReferenceStrings.ops.listDeliveries, response: deliveryDtoSchema.array() },
  params: webhookIdParams,
  handler: async ({ page, params }) => json(await listDeliveries(page.id, params.id)),
});
