// GET /api/user/export — signed in; the account's data as a JSON download (LGPD), with no secret in it: the user
// object, links, statistics and images of its first page (as before), the pages it owns (`pages`) and its
// memberships (`memberships`).
import { exportAccount } from "@/lib/account-data/export-queries";
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";

export const GET = route({
  auth: "user",
  handler: async ({ session }) =>
    json(await exportAccount(session.user.id, session.sid), {
      headers: { "content-disposition": `attachment; filename="vitrine-${session.user.username || "conta"}.json"` },
    }),
});
