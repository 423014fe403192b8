// PATCH /api/admin/pages/:id/toggle-status — administrator; flips the page's status ({reason?} kept for the owner), { id, active }.
import { togglePageStatus } from "@/lib/admin/admin-mutations";
import { adminTargetParams } from "@/lib/admin/admin-schemas";
import { pageStatusBodySchema } from "@/lib/moderation/moderation-schemas";
import { route } from "@/lib/api/route";

export const PATCH = route({
  auth: "admin",
  params: adminTargetParams,
  body: pageStatusBodySchema,
  handler: async ({ params, body, session }) => togglePageStatus(session.user, params.id, body.reason),
});
