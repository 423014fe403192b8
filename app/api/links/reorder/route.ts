// POST /api/links/reorder?page= — editor; {linkOrders: [{id, order}]} naming every link of the page once.
import { reorderLinks } from "@/lib/links/link-mutations";
import { reorderSchema } from "@/lib/links/link-schemas";
import { route } from "@/lib/api/route";
import { apiReferenceStrings } from "@/lib/strings/api-reference";
import { okAnswer } from "@/lib/server/route-api";

export const POST = route({
  auth: "user",
  page: "links.write",
  api: { summary: apiReferenceStrings.ops.reorderLinks, response: okAnswer },
  body: reorderSchema,
  handler: async ({ page, body }) => {
    await reorderLinks(page.id, body.linkOrders);
    return { ok: true };
  },
});
