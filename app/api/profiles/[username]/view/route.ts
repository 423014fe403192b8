// POST /api/profiles/:username/view — public; 204 after counting one view (bots: 204, nothing counted).
import { z } from "zod";
import { noContent, route } from "@/lib/server/http";
import { recordProfileView } from "@/lib/stats/counting";

export const POST = route({
  params: z.object({ username: z.string().max(64) }),
  handler: async ({ req, params }) => {
    await recordProfileView(req, params.username);
    return noContent();
  },
});
