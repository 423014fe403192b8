// GET /api/user/appeal — a member of the page of ?page= (else the first page); its status, the deactivation
// reason and the appeal sent.
// POST /api/user/appeal — an owner of that page; {message} contests the current deactivation, once (201);
// an editor: 403.
import { createAppeal, ownerModeration } from "@/lib/moderation/appeal-mutations";
import { appealInputSchema } from "@/lib/moderation/moderation-schemas";
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";

export const GET = route({
  auth: "user",
  page: "moderation.read",
  handler: async ({ page }) => ownerModeration(page.id),
});

export const POST = route({
  auth: "user",
  page: "moderation.appeal",
  body: appealInputSchema,
  handler: async ({ session, body, page }) => json(await createAppeal(session.user, page.id, body), { status: 201 }),
});
