// POST /api/webhooks/{id}/test?page= — owner (or a key with webhooks:write); a `ping` event to the endpoint (202); with creations, 20 an hour per account (429).
import { json, route } from "@/lib/server/http";
import { sendTestWebhook } from "@/lib/webhooks/webhook-mutations";
import { webhookIdParams } from "@/lib/webhooks/webhook-schemas";

export const POST = route({
  auth: "user",
  page: "webhooks.manage",
  key: "webhooks:write",
  params: webhookIdParams,
  handler: async ({ session, page, params }) => json(await sendTestWebhook(page.id, params.id, session.user.id), { status: 202 }),
});
