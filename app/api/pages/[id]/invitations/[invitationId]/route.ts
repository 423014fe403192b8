// DELETE /api/pages/{id}/invitations/{invitationId} — owner; the invitation's link stops working.
import { cancelInvitation } from "@/lib/pages/members";
import { invitationParams } from "@/lib/pages/page-schemas";
import { route } from "@/lib/api/route";

export const DELETE = route({
  auth: "user",
  page: "members.manage",
  pageFrom: "path",
  params: invitationParams,
  handler: async ({ session, params }) => {
    await cancelInvitation(session.user, params.id, params.invitationId);
    return { ok: true };
  },
});
