// POST /api/links/reorder — owner; {linkOrders: [{id, order}]} naming every link once.
import { reorderLinks } from "@/lib/links/link-mutations";
import { reorderSchema } from "@/lib/links/link-schemas";
import { route } from "@/lib/server/http";

export const POST = route({
  auth: "user",
  body: reorderSchema,
  handler: async ({ session, body }) => {
    await reorderLinks(session.user.id, body.linkOrders);
    return { ok: true };
  },
});
