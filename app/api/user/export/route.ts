// GET /api/user/export — signed in; the owner's data as a JSON download (LGPD), with no secret in it.
import { exportAccount } from "@/lib/account-data/export-queries";
import { json, route } from "@/lib/server/http";

export const GET = route({
  auth: "user",
  handler: async ({ session }) =>
    json(await exportAccount(session.user.id, session.sid), {
      headers: { "content-disposition": `attachment; filename="vitrine-${session.user.username}.json"` },
    }),
});
