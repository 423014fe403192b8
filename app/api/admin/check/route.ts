// GET /api/admin/check — signed in; { isAdmin } from the database, 401 without a session.
import { route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = route({
  auth: "user",
  handler: async ({ session }) => ({ isAdmin: session.user.isAdmin }),
});
