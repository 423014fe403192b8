// POST /api/profiles/:username/view — public; 204 after counting one view (bots, the owner: 204, nothing counted).
// The custom server answers this path itself (lib/stats/count-fast-path.ts); this handler serves the rest.
import { noContent } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { readCountBody, recordProfileView } from "@/lib/stats/counting";
import { viewParamsSchema } from "@/lib/stats/stats-schemas";

export const POST = route({
  // Also on the page's own domain (api.md, Custom domains).
  customDomain: true,
  params: viewParamsSchema,
  handler: async ({ req, params }) => {
    await recordProfileView(req, params.username, await readCountBody(req));
    return noContent();
  },
});
