// GET /api/user/sessions — signed in; the caller's sessions [{id, current, device, createdAt, lastSeenAt}], newest first.
import { route } from "@/lib/api/route";
import { listSessions } from "@/lib/sessions/session-queries";

export const GET = route({
  auth: "user",
  handler: async ({ session }) => listSessions(session.user.id, session.sid),
});
