// GET /api/user — signed in; the current user (and whether it has a password), 401 without a session; with
//   ?page= the user object with that page (a page the caller does not manage: 404).
// PATCH /api/user — signed in; any of coverAspectRatio, backgroundColor, fontColor, imageOpacity, imagePosition,
//   buttonStyle, buttonShape, fontFamily (an editor may), sensitive, seoTitle, seoDescription, indexable (the
//   owner; an editor changing one: 403) of the page of ?page= (else the first page).
// DELETE /api/user — signed in; {password?, confirm: first page's username} deletes the account, the pages it
//   alone owns and everything of them (LGPD); pages other owners keep stay theirs.
import { z } from "zod";
import { deleteAccountSchema } from "@/lib/account-data/account-data-schemas";
import { deleteAccount } from "@/lib/account-data/delete-account";
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/server/request";
import { clearSessionCookie } from "@/lib/server/session";
import { pageParam, resolvePage } from "@/lib/pages/page-access";
import { updateAppearance, userWithPage } from "@/lib/settings/settings-mutations";
import { userHasPassword } from "@/lib/settings/settings-queries";
import { userPatchSchema } from "@/lib/settings/settings-schemas";
import { apiReferenceStrings } from "@/lib/strings/api-reference";
import { userDtoSchema } from "@/lib/accounts/user-dto";

export const GET = route({
  auth: "user",
  handler: async ({ req, session }) => {
    const named = pageParam(req);
    const user = named ? await userWithPage(session.user.id, (await resolvePage(session.user.id, named, "page.view")).id) : session.user;
    return { ...user, hasPassword: await userHasPassword(session.user.id) };
  },
});

export const PATCH = route({
  auth: "user",
  page: "profile.write",
  api: { summary: apiReferenceStrings.ops.patchUser, response: z.object({ user: userDtoSchema }) },
  body: userPatchSchema,
  handler: async ({ body, session, page }) => ({ user: await updateAppearance(page, session.user.id, body) }),
});

export const DELETE = route({
  auth: "user",
  body: deleteAccountSchema,
  handler: async ({ req, body, session }) => {
    await deleteAccount(session.user.id, body, clientIp(req));
    return json({ ok: true }, { headers: { "set-cookie": clearSessionCookie(req) } });
  },
});
