// GET /api/user — signed in; the current user, 401 without a session.
import { route } from "@/lib/server/http";

export const GET = route({
  auth: "user",
  handler: async ({ session }) => session.user,
});
