// GET /api/webhooks?page= — owner (or a key with webhooks:write); the page's endpoints, without their secrets.
// POST /api/webhooks?page= — owner; {url, events} → 201 with the secret, shown this once (a private address: 400); the 11th of a page: 409; 20 creations and tests an hour per account: 429.
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { sellingConfig } from "@/lib/selling/selling-config";
import { createWebhook } from "@/lib/webhooks/webhook-mutations";
import { createdWebhookSchema, listWebhooks, webhookDtoSchema } from "@/lib/webhooks/webhook-queries";
import { createWebhookSchema } from "@/lib/webhooks/webhook-schemas";
import { apiReferenceStrings } from "@/lib/strings/api-reference";

export const GET = route({
  auth: "user",
  page: "webhooks.manage",
  api: { summary: apiReferenceStrings.ops.listWebhooks, response: webhookDtoSchema.array() },
  handler: async ({ page }) => json(await listWebhooks(page.id)),
});

export const POST = route({
  auth: "user",
  page: "webhooks.manage",
  api: { summary: apiReferenceStrings.ops.createWebhook, status: 201, response: createdWebhookSchema },
  body: createWebhookSchema,
  handler: async ({ session, page, body }) => json(await createWebhook(page.id, body, session.user.id, sellingConfig() !== null), { status: 201 }),
});
