// GET /api/links/:id/pix — owner only: the Pix block's "copia e cola" code; another user's link or another kind is a 404.
import { getOwnPixCode } from "@/lib/links/link-queries";
import { linkIdSchema } from "@/lib/links/link-schemas";
import { route } from "@/lib/server/http";

export const GET = route({
  auth: "user",
  params: linkIdSchema,
  handler: async ({ session, params }) => ({ code: await getOwnPixCode(session.user.id, params.id) }),
});
