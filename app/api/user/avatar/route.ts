// POST /api/user/avatar — signed in; multipart with the file field `avatar` (≤ 5 MB; JPEG, PNG, WebP, GIF).
// Kept out of the proxy's matcher: the body is counted here (lib/images/read-image-form.ts).
import { readImageForm, requireFile } from "@/lib/images/read-image-form";
import { route } from "@/lib/server/http";
import { updateAvatar } from "@/lib/settings/settings-mutations";

export const POST = route({
  auth: "user",
  handler: async ({ req, session }) => {
    const form = await readImageForm(req, session.user.id);
    return { user: await updateAvatar(session.user.id, requireFile(form, "avatar")) };
  },
});
