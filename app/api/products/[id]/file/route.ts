// GET/POST /api/products/:id/file?page= — editor; the product's private file (its name, type and size; or a new one).
// POST's body is the file itself (?name= its name), at most 50 MB, typed from its bytes (lib/selling/receive-upload.ts).
// Kept out of the proxy's matcher (api/ is): the body is counted here.
import { z } from "zod";
import { linkIdSchema } from "@/lib/links/link-schemas";
import { route } from "@/lib/api/route";
import { json } from "@/lib/server/http";
import { whenSellingOn } from "@/lib/selling/selling-config";
import { getProductFile, uploadProductFile } from "@/lib/selling/product-files";

const nameSchema = z.string().max(255).nullable();

export const GET = whenSellingOn(
  route({
    auth: "user",
    page: "links.read",
    params: linkIdSchema,
    handler: async ({ page, params }) => getProductFile(page.id, params.id),
  }),
);

export const POST = whenSellingOn(
  route({
    auth: "user",
    page: "links.write",
    params: linkIdSchema,
    handler: async ({ req, session, page, params }) => {
      const name = nameSchema.catch(null).parse(new URL(req.url).searchParams.get("name"));
      const file = await uploadProductFile(page.id, params.id, req, name, session.user.id);
      return json(file, { status: 201 });
    },
  }),
);
