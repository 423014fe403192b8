// PUT /api/user/password — signed in; ends every other session of the caller.
import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/server/request";
import { changePassword } from "@/lib/settings/settings-mutations";
import { changePasswordSchema } from "@/lib/settings/settings-schemas";

export const PUT = route({
  auth: "user",
  body: changePasswordSchema,
  handler: async ({ req, body, session }) => {
    await changePassword(session.user.id, session.sid, body, clientIp(req));
    return { ok: true };
  },
});
