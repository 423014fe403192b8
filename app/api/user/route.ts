// GET /api/user — signed in; the current user (and whether it has a password), 401 without a session.
// PATCH /api/user — signed in; any of coverAspectRatio, backgroundColor, fontColor, imageOpacity, imagePosition, buttonStyle, buttonShape, fontFamily, sensitive, seoTitle, seoDescription, indexable.
// DELETE /api/user — signed in; {password?, confirm: username} deletes the account and everything of it (LGPD).
import { deleteAccountSchema } from "@/lib/account-data/account-data-schemas";
import { deleteAccount } from "@/lib/account-data/delete-account";
import { json, route } from "@/lib/server/http";
import { clientIp } from "@/lib/server/request";
import { clearSessionCookie } from "@/lib/server/session";
import { updateAppearance } from "@/lib/settings/settings-mutations";
import { userHasPassword } from "@/lib/settings/settings-queries";
import { userPatchSchema } from "@/lib/settings/settings-schemas";

export const GET = route({
  auth: "user",
  handler: async ({ session }) => ({ ...session.user, hasPassword: await userHasPassword(session.user.id) }),
});

export const PATCH = route({
  auth: "user",
  body: userPatchSchema,
  handler: async ({ body, session }) => ({ user: await updateAppearance(session.user.id, body) }),
});

export const DELETE = route({
  auth: "user",
  body: deleteAccountSchema,
  handler: async ({ req, body, session }) => {
    await deleteAccount(session.user.id, body, clientIp(req));
    return json({ ok: true }, { headers: { "set-cookie": clearSessionCookie(req) } });
  },
});
