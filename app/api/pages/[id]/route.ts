// DELETE /api/pages/{id} — owner; `confirm` is the page's username. Not an account's last page.
import { deletePage } from "@/lib/pages/page-mutations";
import { deletePageSchema, pageIdParams } from "@/lib/pages/page-schemas";
import { route } from "@/lib/api/route";

export const DELETE = route({
  auth: "user",
  page: "page.delete",
  pageFrom: "path",
  params: pageIdParams,
  body: deletePageSchema,
  handler: async ({ session, params, body }) => {
    await deletePage(session.user, params.id, body);
    return { ok: true };
  },
});
