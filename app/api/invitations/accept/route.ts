// POST /api/invitations/accept — signed in; {token} from the e-mailed link (after `#`, never in an address).
// 200 {page} when the caller's verified e-mail is the invited one.
import { acceptInvitation } from "@/lib/pages/members";
import { acceptInvitationSchema } from "@/lib/pages/page-schemas";
import { route } from "@/lib/server/http";

export const POST = route({
  auth: "user",
  body: acceptInvitationSchema,
  handler: async ({ session, body }) => ({ page: await acceptInvitation(session.user, body.token) }),
});
