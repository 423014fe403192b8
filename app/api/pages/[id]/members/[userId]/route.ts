// PATCH /api/pages/{id}/members/{userId} — owner; {role}.
// DELETE /api/pages/{id}/members/{userId} — owner removes a member; any member removes themself (leaves).
import { changeRole, removeMember } from "@/lib/pages/members";
import { memberParams, roleSchema } from "@/lib/pages/page-schemas";
import { route } from "@/lib/server/http";

export const PATCH = route({
  auth: "user",
  params: memberParams,
  body: roleSchema,
  handler: async ({ session, params, body }) => changeRole(session.user, params.id, params.userId, body.role),
});

export const DELETE = route({
  auth: "user",
  params: memberParams,
  handler: async ({ session, params }) => {
    await removeMember(session.user, params.id, params.userId);
    return { ok: true };
  },
});
