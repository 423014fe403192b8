import { z } from "zod";
import { apiStrings } from "@/lib/strings/api";
import { WEBHOOK_EVENTS } from "./webhook-events";

// POST and PATCH /api/webhooks: the 'Webhooks' card and the handlers share them.

const url = z.string({ error: apiStrings.badWebhookUrl }).trim().max(2048).url(apiStrings.badWebhookUrl);
const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: apiStrings.unknownEvent }), { error: apiStrings.eventsRequired })
  .min(1, apiStrings.eventsRequired)
  .transform((e) => [...new Set(e)]);

export const createWebhookSchema = z.object({ url, events });
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

export const patchWebhookSchema = z.object({ url: url.optional(), events: events.optional(), active: z.boolean().optional() });
export type PatchWebhookInput = z.infer<typeof patchWebhookSchema>;

export const webhookIdParams = z.object({ id: z.string().min(1).max(64) });
