// GET/PUT/PATCH/DELETE /api/links/:id?page= — editor; another page's link is a 404. PATCH takes active and/or highlighted.
import { getOwnLink } from "@/lib/links/link-queries";
import { deleteLink, updateLink } from "@/lib/links/link-mutations";
import { linkPatchSchema, linkIdSchema, linkReplaceSchema } from "@/lib/links/link-schemas";
import { route } from "@/lib/api/route";
import { apiReferenceStrings } from "@/lib/strings/api-reference";
import { okAnswer } from "@/lib/server/route-api";
import { linkDtoSchema } from "@/lib/links/link-dto";

export const GET = route({
  auth: "user",
  page: "links.read",
  api: { summary: apiReferenceStrings.ops.getLink, response: linkDtoSchema },
  params: linkIdSchema,
  handler: async ({ page, params }) => getOwnLink(page.id, params.id),
});

export const PUT = route({
  auth: "user",
  page: "links.write",
  api: { summary: apiReferenceStrings.ops.replaceLink, response: linkDtoSchema },
  params: linkIdSchema,
  body: linkReplaceSchema,
  handler: async ({ page, params, body }) => updateLink(page.id, params.id, body),
});

export const PATCH = route({
  auth: "user",
  page: "links.write",
  api: { summary: apiReferenceStrings.ops.patchLink, response: linkDtoSchema },
  params: linkIdSchema,
  body: linkPatchSchema,
  handler: async ({ page, params, body }) => updateLink(page.id, params.id, body),
});

export const DELETE = route({
  auth: "user",
  page: "links.write",
  api: { summary: apiReferenceStrings.ops.deleteLink, response: okAnswer },
  params: linkIdSchema,
  handler: async ({ page, params }) => {
    await deleteLink(page.id, params.id);
    return { ok: true };
  },
});
