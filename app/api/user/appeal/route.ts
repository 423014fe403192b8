// GET /api/user/appeal — owner; the page's status, the deactivation reason and the appeal sent.
// POST /api/user/appeal — owner; {message} contests the current deactivation, once (201).
import { createAppeal, ownerModeration } from "@/lib/moderation/appeal-mutations";
import { appealInputSchema } from "@/lib/moderation/moderation-schemas";
import { json, route } from "@/lib/server/http";

export const GET = route({
  auth: "user",
  handler: async ({ session }) => ownerModeration(session.user.id),
});

export const POST = route({
  auth: "user",
  body: appealInputSchema,
  handler: async ({ session, body }) => json(await createAppeal(session.user, body), { status: 201 }),
});
