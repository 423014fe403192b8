// PATCH /api/admin/users/:id/toggle-admin — administrator; flips the admin flag, { id, isAdmin }; 400 for oneself.
import { toggleAdminFlag } from "@/lib/admin/admin-mutations";
import { adminTargetParams } from "@/lib/admin/admin-schemas";
import { route } from "@/lib/api/route";

export const PATCH = route({
  auth: "admin",
  params: adminTargetParams,
  handler: async ({ params, session }) => toggleAdminFlag(session.user, params.id),
});
