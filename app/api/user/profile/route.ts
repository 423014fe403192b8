// PUT /api/user/profile — signed in; name, username, email, phone, bio, socials of the caller.
import { route } from "@/lib/server/http";
import { updateProfile } from "@/lib/settings/settings-mutations";
import { profileSchema } from "@/lib/settings/settings-schemas";

export const PUT = route({
  auth: "user",
  body: profileSchema,
  handler: async ({ body, session }) => ({ user: await updateProfile(session.user.id, body) }),
});
