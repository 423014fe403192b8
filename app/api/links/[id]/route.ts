// GET/PUT/PATCH/DELETE /api/links/:id — owner only; another user's link is a 404. PATCH takes active and/or highlighted.
import { getOwnLink } from "@/lib/links/link-queries";
import { deleteLink, updateLink } from "@/lib/links/link-mutations";
import { linkPatchSchema, linkIdSchema, linkReplaceSchema } from "@/lib/links/link-schemas";
import { route } from "@/lib/server/http";

export const GET = route({
  auth: "user",
  params: linkIdSchema,
  handler: async ({ session, params }) => getOwnLink(session.user.id, params.id),
});

export const PUT = route({
  auth: "user",
  params: linkIdSchema,
  body: linkReplaceSchema,
  handler: async ({ session, params, body }) => updateLink(session.user.id, params.id, body),
});

export const PATCH = route({
  auth: "user",
  params: linkIdSchema,
  body: linkPatchSchema,
  handler: async ({ session, params, body }) => updateLink(session.user.id, params.id, body),
});

export const DELETE = route({
  auth: "user",
  params: linkIdSchema,
  handler: async ({ session, params }) => {
    await deleteLink(session.user.id, params.id);
    return { ok: true };
  },
});
