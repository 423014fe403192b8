// GET /api/links/:id/pix?page= — editor: the Pix block's "copia e cola" code; another page's link or another kind is a 404.
import { z } from "zod";
import { getOwnPixCode } from "@/lib/links/link-queries";
import { linkIdSchema } from "@/lib/links/link-schemas";
import { route } from "@/lib/api/route";
import { apiReferenceStrings } from "@/lib/strings/api-reference";

export const GET = route({
  auth: "user",
  page: "links.read",
  api: { summary: apiReferenceStrings.ops.pixCode, response: z.object({ code: z.string() }) },
  params: linkIdSchema,
  handler: async ({ page, params }) => ({ code: await getOwnPixCode(page.id, params.id) }),
});
