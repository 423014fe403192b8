// POST /api/user/cover?page= — editor; the page's cover: multipart: cover? (file), aspectRatio, backgroundColor, fontColor,
// imageOpacity, imagePosition, linkButtonColor, linkButtonOpacity. Absent fields keep their value.
import { readImageForm } from "@/lib/images/read-image-form";
import { route } from "@/lib/api/route";
import { updateCover } from "@/lib/settings/settings-mutations";
import { coverSettingsSchema } from "@/lib/settings/settings-schemas";

export const POST = route({
  auth: "user",
  page: "profile.write",
  handler: async ({ req, session, page }) => {
    const form = await readImageForm(req, session.user.id);
    const settings = coverSettingsSchema.parse(form.fields);
    return { user: await updateCover(page.id, session.user.id, settings, form.files.cover) };
  },
});
