// POST /api/logout — anyone; revokes the session on the server and clears the cookie.
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { clearSessionCookie, revokeSession, sessionFromRequest } from "@/lib/server/session";

export const POST = route({
  handler: async ({ req }) => {
    const session = await sessionFromRequest(req);
    if (session) await revokeSession(session.sid);
    return json({ ok: true }, { headers: { "set-cookie": clearSessionCookie(req) } });
  },
});
