// POST /api/broadcasts/{id}/send?page= — owner; {sendAt?} → the broadcast `sending` (its list fixed now), or `scheduled` at a future sendAt
// (São Paulo time when it carries no offset). 403 `Sua lista ainda não pode receber envios` (page under 7 days or under 10 confirmed),
// 429 past 1 a day or 3 a week, 409 when paused or no longer a draft; the sender needs a verified e-mail (403).
import { route } from "@/lib/api/route";
import { sendBroadcast } from "@/lib/broadcasts/broadcast-mutations";
import { broadcastIdParams, sendBroadcastSchema } from "@/lib/broadcasts/broadcast-schemas";

export const POST = route({
  auth: "user",
  page: "broadcasts.send",
  params: broadcastIdParams,
  body: sendBroadcastSchema,
  handler: async ({ session, page, params, body }) => sendBroadcast(page, session.user, params.id, body.sendAt),
});
