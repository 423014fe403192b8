// GET /api/pages/{id}/members — owner; members and pending invitations.
// POST /api/pages/{id}/members — owner; {email, role}: an invitation, e-mailed (201).
import { inviteMember, listMembers } from "@/lib/pages/members";
import { inviteSchema, pageIdParams } from "@/lib/pages/page-schemas";
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";

export const GET = route({
  auth: "user",
  page: "members.manage",
  pageFrom: "path",
  params: pageIdParams,
  handler: async ({ page }) => json(await listMembers(page)),
});

export const POST = route({
  auth: "user",
  page: "members.manage",
  pageFrom: "path",
  params: pageIdParams,
  body: inviteSchema,
  handler: async ({ session, params, body }) => json(await inviteMember(session.user, params.id, body), { status: 201 }),
});
