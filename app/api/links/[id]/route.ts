// GET/PUT/PATCH/DELETE /api/links/:id?page= — editor; another page's link is a 404. PATCH takes active and/or highlighted.
import { getOwnLink } from "@/lib/links/link-queries";
import { deleteLink, updateLink } from "@/lib/links/link-mutations";
import { linkPatchSchema, linkIdSchema, linkReplaceSchema } from "@/lib/links/link-schemas";
import { route } from "@/lib/server/http";

export const GET = route({
  auth: "user",
  page: "links.read",
  key: "links:read",
  params: linkIdSchema,
  handler: async ({ page, params }) => getOwnLink(page.id, params.id),
});

export const PUT = route({
  auth: "user",
  page: "links.write",
  key: "links:write",
  params: linkIdSchema,
  body: linkReplaceSchema,
  handler: async ({ page, params, body }) => updateLink(page.id, params.id, body),
});

export const PATCH = route({
  auth: "user",
  page: "links.write",
  key: "links:write",
  params: linkIdSchema,
  body: linkPatchSchema,
  handler: async ({ page, params, body }) => updateLink(page.id, params.id, body),
});

export const DELETE = route({
  auth: "user",
  page: "links.write",
  key: "links:write",
  params: linkIdSchema,
  handler: async ({ page, params }) => {
    await deleteLink(page.id, params.id);
    return { ok: true };
  },
});
