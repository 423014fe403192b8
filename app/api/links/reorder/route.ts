// POST /api/links/reorder?page= — editor; {linkOrders: [{id, order}]} naming every link of the page once.
import { reorderLinks } from "@/lib/links/link-mutations";
import { reorderSchema } from "@/lib/links/link-schemas";
import { route } from "@/lib/server/http";

export const POST = route({
  auth: "user",
  page: "links.write",
  key: "links:write",
  body: reorderSchema,
  handler: async ({ page, body }) => {
    await reorderLinks(page.id, body.linkOrders);
    return { ok: true };
  },
});
