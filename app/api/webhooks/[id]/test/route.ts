// POST /api/webhooks/{id}/test?page= — owner (or a key with webhooks:write); a `ping` event to the endpoint (202); with creations, 20 an hour per account (429).
import { z } from "zod";
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { sendTestWebhook } from "@/lib/webhooks/webhook-mutations";
import { webhookIdParams } from "@/lib/webhooks/webhook-schemas";
import { apiReferenceStrings } from "@/lib/strings/api-reference";

export const POST = route({
  auth: "user",
  page: "webhooks.manage",
  api: { summary: apiReferenceStrings.ops.testWebhook, status: 202, response: z.object({ id: z.string() }) },
  params: webhookIdParams,
  handler: async ({ session, page, params }) => json(await sendTestWebhook(page.id, params.id, session.user.id), { status: 202 }),
});
