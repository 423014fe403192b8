import { z } from "zod";
import { broadcastFormStrings as s } from "@/lib/strings/broadcast-form";

// POST and PUT /api/broadcasts: the composer and the handlers share them
// (api.md, "Write to your list"). Client-safe.

export const BROADCAST_STATUSES = ["draft", "scheduled", "sending", "sent", "paused", "cancelled"] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

/** São Paulo's offset: Brazil has kept no daylight saving time since 2019. */
const SAO_PAULO_OFFSET = "-03:00";
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/**
 * When to send: an ISO date-time with its offset, or without one (as a
 * datetime-local field gives it), read as São Paulo time; null or absent:
 * none.
 */
export const sendAtSchema = z
  .string({ error: s.invalidSendAt })
  .trim()
  .max(40, s.invalidSendAt)
  .transform((v, ctx) => {
    const date = new Date(LOCAL.test(v) ? `${v}${SAO_PAULO_OFFSET}` : v);
    if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(v)) {
      ctx.addIssue({ code: "custom", message: s.invalidSendAt });
      return z.NEVER;
    }
    return date;
  });

export const broadcastInputSchema = z.object({
  subject: z.string({ error: s.subjectRequired }).trim().min(1, s.subjectRequired).max(120, s.subjectMax),
  body: z
    .string({ error: s.bodyRequired })
    .max(20_000, s.bodyMax)
    .refine((v) => v.trim().length > 0, s.bodyRequired),
  sendAt: sendAtSchema.nullish(),
});
export type BroadcastInput = z.infer<typeof broadcastInputSchema>;

/** POST /api/broadcasts/{id}/send: an optional moment, in the future, to schedule it instead. */
export const sendBroadcastSchema = z.object({ sendAt: sendAtSchema.nullish() });

export const broadcastIdParams = z.object({ id: z.string().min(1).max(64) });

/** A broadcast as the API answers it, with its figures. */
export const broadcastDtoSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(BROADCAST_STATUSES),
  sendAt: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  unsubscribed: z.number().int(),
  clicks: z.number().int(),
});
export type BroadcastDto = z.infer<typeof broadcastDtoSchema>;
