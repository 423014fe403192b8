// POST /api/broadcasts/{id}/test?page= — owner; the message as the list gets it, to the caller's own verified e-mail only (else 403) → {sentTo}.
import { route } from "@/lib/api/route";
import { sendTest } from "@/lib/broadcasts/broadcast-mutations";
import { broadcastIdParams } from "@/lib/broadcasts/broadcast-schemas";

export const POST = route({
  auth: "user",
  page: "broadcasts.send",
  params: broadcastIdParams,
  handler: async ({ session, page, params }) => sendTest(page, session.user, params.id),
});
