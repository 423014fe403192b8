// POST /api/user/avatar?page= — editor; the page's photo: multipart with the file field `avatar` (≤ 5 MB; JPEG, PNG, WebP, GIF).
// Kept out of the proxy's matcher: the body is counted here (lib/images/read-image-form.ts).
import { readImageForm, requireFile } from "@/lib/images/read-image-form";
import { route } from "@/lib/api/route";
import { updateAvatar } from "@/lib/settings/settings-mutations";

export const POST = route({
  auth: "user",
  page: "profile.write",
  handler: async ({ req, session, page }) => {
    // Parts sent beforehand and the upload limit belong to the person, not the page.
    const form = await readImageForm(req, session.user.id);
    return { user: await updateAvatar(page.id, session.user.id, requireFile(form, "avatar")) };
  },
});
