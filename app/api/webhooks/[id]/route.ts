// GET/PATCH/DELETE /api/webhooks/{id}?page= — owner (or a key with webhooks:write); another page's endpoint: 404.
import { route } from "@/lib/api/route";
import { sellingConfig } from "@/lib/selling/selling-config";
import { deleteWebhook, updateWebhook } from "@/lib/webhooks/webhook-mutations";
import { getWebhook, webhookDtoSchema } from "@/lib/webhooks/webhook-queries";
import { patchWebhookSchema, webhookIdParams } from "@/lib/webhooks/webhook-schemas";
import { apiReferenceStrings } from "@/lib/strings/api-reference";
import { okAnswer } from "@/lib/server/route-api";

export const GET = route({
  auth: "user",
  page: "webhooks.manage",
  api: { summary: apiReferenceStrings.ops.getWebhook, response: webhookDtoSchema },
  params: webhookIdParams,
  handler: async ({ page, params }) => getWebhook(page.id, params.id),
});

export const PATCH = route({
  auth: "user",
  page: "webhooks.manage",
  api: { summary: apiReferenceStrings.ops.patchWebhook, response: webhookDtoSchema },
  params: webhookIdParams,
  body: patchWebhookSchema,
  handler: async ({ page, params, body }) => updateWebhook(page.id, params.id, body, sellingConfig() !== null),
});

export const DELETE = route({
  auth: "user",
  page: "webhooks.manage",
  api: { summary: apiReferenceStrings.ops.deleteWebhook, response: okAnswer },
  params: webhookIdParams,
  handler: async ({ page, params }) => {
    await deleteWebhook(page.id, params.id);
    return { ok: true };
  },
});
