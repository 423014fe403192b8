// POST /api/links/:id/click — public; 204 after counting one click on an active link of an active page.
import { noContent, route } from "@/lib/server/http";
import { linkIdSchema } from "@/lib/links/link-schemas";
import { recordLinkClick } from "@/lib/stats/counting";

export const POST = route({
  params: linkIdSchema,
  handler: async ({ req, params }) => {
    await recordLinkClick(req, params.id);
    return noContent();
  },
});
