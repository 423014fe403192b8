// POST /api/links/:id/click — public; 204 after counting one click on an active link of an active page.
// The custom server answers this path itself (lib/stats/count-fast-path.ts); this handler serves the rest.
import { noContent } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { linkIdSchema } from "@/lib/links/link-schemas";
import { readCountBody, recordLinkClick } from "@/lib/stats/counting";

export const POST = route({
  // Also on the page's own domain (api.md, Custom domains).
  customDomain: true,
  params: linkIdSchema,
  handler: async ({ req, params }) => {
    await recordLinkClick(req, params.id, await readCountBody(req));
    return noContent();
  },
});
