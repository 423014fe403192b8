// PATCH /api/pages/{id}/members/{userId} — owner; {role}.
// DELETE /api/pages/{id}/members/{userId} — owner removes a member; any member removes themself (leaves).
import { changeRole, removeMember } from "@/lib/pages/members";
import { memberParams, roleSchema } from "@/lib/pages/page-schemas";
import { route } from "@/lib/api/route";

export const PATCH = route({
  auth: "user",
  page: "members.manage",
  pageFrom: "path",
  params: memberParams,
  body: roleSchema,
  handler: async ({ session, params, body }) => changeRole(session.user, params.id, params.userId, body.role),
});

// Any member may get this far; removing someone else needs members.manage, checked under the page's lock.
export const DELETE = route({
  auth: "user",
  page: "page.leave",
  pageFrom: "path",
  params: memberParams,
  handler: async ({ session, params }) => {
    await removeMember(session.user, params.id, params.userId);
    return { ok: true };
  },
});
