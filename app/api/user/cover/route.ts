// POST /api/user/cover — signed in; multipart: cover? (file), aspectRatio, backgroundColor, fontColor,
// imageOpacity, imagePosition, linkButtonColor, linkButtonOpacity. Absent fields keep their value.
import { readImageForm } from "@/lib/images/read-image-form";
import { route } from "@/lib/server/http";
import { updateCover } from "@/lib/settings/settings-mutations";
import { coverSettingsSchema } from "@/lib/settings/settings-schemas";

export const POST = route({
  auth: "user",
  handler: async ({ req, session }) => {
    const form = await readImageForm(req, session.user.id);
    const settings = coverSettingsSchema.parse(form.fields);
    return { user: await updateCover(session.user.id, settings, form.files.cover) };
  },
});
