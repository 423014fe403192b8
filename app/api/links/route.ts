// GET /api/links?page= — editor; the page's links in order (no ?page=: the caller's first page).
// POST /api/links?page= — editor; a new link appended after the last one (201).
// PUT /api/links?page= — editor; the other reading of reorder: [{id, order}].
import { listLinks } from "@/lib/links/link-queries";
import { createLink, reorderLinks } from "@/lib/links/link-mutations";
import { linkInputSchema, reorderArraySchema } from "@/lib/links/link-schemas";
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { apiReferenceStrings } from "@/lib/strings/api-reference";
import { okAnswer } from "@/lib/server/route-api";
import { linkDtoSchema } from "@/lib/links/link-dto";

export const GET = route({
  auth: "user",
  page: "links.read",
  api: { summary: apiReferenceStrings.ops.listLinks, response: linkDtoSchema.array() },
  handler: async ({ page }) => json(await listLinks(page.id)),
});

export const POST = route({
  auth: "user",
  page: "links.write",
  api: { summary: apiReferenceStrings.ops.createLink, status: 201, response: linkDtoSchema },
  body: linkInputSchema,
  handler: async ({ page, body }) => json(await createLink(page.id, body), { status: 201 }),
});

export const PUT = route({
  auth: "user",
  page: "links.write",
  api: { summary: apiReferenceStrings.ops.reorderLinksArray, response: okAnswer },
  body: reorderArraySchema,
  handler: async ({ page, body }) => {
    await reorderLinks(page.id, body);
    return { ok: true };
  },
});
