// POST/DELETE /api/links/:id/thumbnail — owner; multipart `thumbnail` (the avatar's rules), or no thumbnail.
// Kept out of the proxy's matcher: the body is counted here (lib/images/read-image-form.ts).
import { readImageForm, requireFile } from "@/lib/images/read-image-form";
import { linkIdSchema } from "@/lib/links/link-schemas";
import { removeLinkThumbnail, setLinkThumbnail } from "@/lib/links/link-thumbnail";
import { route } from "@/lib/server/http";

export const POST = route({
  auth: "user",
  params: linkIdSchema,
  handler: async ({ req, session, params }) => {
    const form = await readImageForm(req, session.user.id);
    return setLinkThumbnail(session.user.id, params.id, requireFile(form, "thumbnail"));
  },
});

export const DELETE = route({
  auth: "user",
  params: linkIdSchema,
  handler: async ({ session, params }) => removeLinkThumbnail(session.user.id, params.id),
});
