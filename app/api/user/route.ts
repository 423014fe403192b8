// GET /api/user — signed in; the current user (and whether it has a password), 401 without a session.
// PATCH /api/user — signed in; any of coverAspectRatio, backgroundColor, fontColor, imageOpacity, imagePosition, buttonStyle, buttonShape, fontFamily.
import { route } from "@/lib/server/http";
import { updateAppearance } from "@/lib/settings/settings-mutations";
import { userHasPassword } from "@/lib/settings/settings-queries";
import { appearancePatchSchema } from "@/lib/settings/settings-schemas";

export const GET = route({
  auth: "user",
  handler: async ({ session }) => ({ ...session.user, hasPassword: await userHasPassword(session.user.id) }),
});

export const PATCH = route({
  auth: "user",
  body: appearancePatchSchema,
  handler: async ({ body, session }) => ({ user: await updateAppearance(session.user.id, body) }),
});
