// PATCH /api/admin/pages/:id/toggle-status — administrator; flips the page's status, { id, active }.
import { togglePageStatus } from "@/lib/admin/admin-mutations";
import { adminTargetParams } from "@/lib/admin/admin-schemas";
import { route } from "@/lib/server/http";

export const PATCH = route({
  auth: "admin",
  params: adminTargetParams,
  handler: async ({ params, session }) => togglePageStatus(session.user, params.id),
});
