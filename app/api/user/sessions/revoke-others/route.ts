// POST /api/user/sessions/revoke-others — signed in; ends every session of the caller but this one.
import { route } from "@/lib/api/route";
import { revokeOtherSessions } from "@/lib/server/session";

export const POST = route({
  auth: "user",
  handler: async ({ session }) => {
    await revokeOtherSessions(session.user.id, session.sid);
    return { ok: true };
  },
});
