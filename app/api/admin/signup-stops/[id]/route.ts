// DELETE /api/admin/signup-stops/:id — administrator; lifts page :id's stop (audited), {pageId, stopped:false}; 404 when not stopped.
import { adminTargetParams } from "@/lib/admin/admin-schemas";
import { liftSignUpStop } from "@/lib/audience/signup-stop-admin";
import { route } from "@/lib/api/route";

export const DELETE = route({
  auth: "admin",
  params: adminTargetParams,
  handler: async ({ session, params }) => liftSignUpStop(session.user, params.id),
});
