// PUT /api/user/profile — signed in; name, username, email, phone, bio, socials. E-mail and phone are the
// caller's account's; name, bio and socials the page's of ?page= (else the first page; an editor may), the
// username too but only its owner may change it (an editor sending another one: 403, nothing changes).
import { route } from "@/lib/api/route";
import { updateProfile } from "@/lib/settings/settings-mutations";
import { profileSchema } from "@/lib/settings/settings-schemas";

export const PUT = route({
  auth: "user",
  page: "profile.write",
  body: profileSchema,
  handler: async ({ body, session, page }) => ({ user: await updateProfile(page, session.user.id, body) }),
});
