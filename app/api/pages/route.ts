// GET /api/pages — signed in (or a key with page:read: only the key's pages); the pages the caller manages, first page first.
// POST /api/pages — signed in; a new page owned by the caller (201).
import { createPage } from "@/lib/pages/page-mutations";
import { listPages, pageSummarySchema } from "@/lib/pages/page-queries";
import { createPageSchema } from "@/lib/pages/page-schemas";
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { apiReferenceStrings } from "@/lib/strings/api-reference";

export const GET = route({
  auth: "user",
  api: { permission: "page.view", summary: apiReferenceStrings.ops.listPages, response: pageSummarySchema.array() },
  handler: async ({ session, apiKey }) => json(await listPages(session.user.id, apiKey?.pageIds ?? null)),
});

export const POST = route({
  auth: "user",
  body: createPageSchema,
  handler: async ({ session, body }) => json(await createPage(session.user, body), { status: 201 }),
});
