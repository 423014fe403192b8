// DELETE /api/user/sessions/:id — signed in; ends one of the caller's sessions (404 for anyone else's).
import { z } from "zod";
import { route } from "@/lib/api/route";
import { endSession } from "@/lib/sessions/session-mutations";

export const DELETE = route({
  auth: "user",
  params: z.object({ id: z.string().min(1).max(64) }),
  handler: async ({ session, params }) => {
    await endSession(session.user.id, params.id);
    return { ok: true };
  },
});
