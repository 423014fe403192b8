// POST/DELETE /api/links/:id/thumbnail?page= — editor; multipart `thumbnail` (the avatar's rules), or no thumbnail.
// Kept out of the proxy's matcher: the body is counted here (lib/images/read-image-form.ts).
import { readImageForm, requireFile } from "@/lib/images/read-image-form";
import { linkIdSchema } from "@/lib/links/link-schemas";
import { removeLinkThumbnail, setLinkThumbnail } from "@/lib/links/link-thumbnail";
import { route } from "@/lib/api/route";

export const POST = route({
  auth: "user",
  page: "links.write",
  params: linkIdSchema,
  handler: async ({ req, session, page, params }) => {
    // Parts sent beforehand and the upload limit belong to the person, not the page.
    const form = await readImageForm(req, session.user.id);
    return setLinkThumbnail(page.id, params.id, requireFile(form, "thumbnail"), session.user.id);
  },
});

export const DELETE = route({
  auth: "user",
  page: "links.write",
  params: linkIdSchema,
  handler: async ({ page, params }) => removeLinkThumbnail(page.id, params.id),
});
