// POST /api/invitations/accept — signed in; {token} from the e-mailed link (after `#`, never in an address).
// 200 {page} when the caller's verified e-mail is the invited one.
// Also /invite's <form method="post"> (JavaScript off): 303 to the page's dashboard, or back to /invite with the message.
import { acceptInvitation } from "@/lib/pages/members";
import { acceptInvitationSchema } from "@/lib/pages/page-schemas";
import { withPage } from "@/lib/client/page-scope";
import { route } from "@/lib/api/route";

export const POST = route({
  auth: "user",
  body: acceptInvitationSchema,
  form: {
    page: () => "/invite",
    secrets: ["token"],
    next: async (answer) => {
      const { page } = (await answer.clone().json()) as { page: { username: string } };
      return withPage("/dashboard", page.username);
    },
  },
  handler: async ({ session, body }) => ({ page: await acceptInvitation(session.user, body.token) }),
});
