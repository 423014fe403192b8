// GET /api/links/:id/pix?page= — editor: the Pix block's "copia e cola" code; another page's link or another kind is a 404.
import { getOwnPixCode } from "@/lib/links/link-queries";
import { linkIdSchema } from "@/lib/links/link-schemas";
import { route } from "@/lib/server/http";

export const GET = route({
  auth: "user",
  page: "links.read",
  key: "links:read",
  params: linkIdSchema,
  handler: async ({ page, params }) => ({ code: await getOwnPixCode(page.id, params.id) }),
});
